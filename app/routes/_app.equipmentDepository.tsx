// equipmentDepository: a plain resource screen (app/screens/resource-screen.tsx).
export { default, ErrorBoundary, meta } from "~/screens/resource-screen";
export { plainAction as action, plainLoader as loader } from "~/screens/resource-screen.server";
