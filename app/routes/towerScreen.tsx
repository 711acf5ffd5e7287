// /towerScreen 塔吊大屏 (outside the layout; app/modules/wall, docs/big-screens.md).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { TowerScreen } from "~/modules/wall/tower-screen";
import { towerLoader } from "~/modules/wall/wall-route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "塔吊大屏", en: "Tower Crane Screen" }) }];
export const loader = towerLoader;
export default function TowerScreenRoute() {
  return <TowerScreen data={useLoaderData<typeof loader>()} />;
}
export const ErrorBoundary = RouteErrorBoundary;
