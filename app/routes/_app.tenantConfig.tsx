// tenantConfig: a settings screen (app/screens/settings-screen.tsx).
export { default, ErrorBoundary, meta } from "~/screens/settings-screen";
export { settingsScreenAction as action, settingsScreenLoader as loader } from "~/screens/settings-screen.server";
