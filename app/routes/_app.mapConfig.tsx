// mapConfig: a settings screen (app/modules/screens/settings-screen.tsx).
export { default, ErrorBoundary, meta } from "~/modules/screens/settings-screen";
export { settingsScreenAction as action, settingsScreenLoader as loader } from "~/modules/screens/settings-screen.server";
