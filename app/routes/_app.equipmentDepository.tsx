// equipmentDepository: a plain resource screen (app/modules/screens/resource-screen.tsx).
export { default, ErrorBoundary, meta } from "~/modules/screens/resource-screen";
export { plainAction as action, plainLoader as loader } from "~/modules/screens/resource-screen.server";
