// /fenceManage 围栏管理: fences and lines (app/modules/fences).
import type { MetaFunction } from "@remix-run/cloudflare";
import { FenceScreen } from "~/modules/fences/fence-screen";
import { RouteErrorBoundary } from "~/ui/error-state";

export { fenceAction as action, fenceLoader as loader } from "~/modules/fences/fence.server";
export const meta: MetaFunction = () => [{ title: "Derrick · 围栏管理 / Fence Management" }];
export default FenceScreen;
export const ErrorBoundary = RouteErrorBoundary;
