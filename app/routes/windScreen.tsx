// /windScreen 风电监控大屏 (outside the layout; app/modules/wind, docs/big-screens.md).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WindScreen } from "~/modules/wind/wind-screen";
import { windScreenLoader } from "~/modules/wind/wind-route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "风电监控大屏", en: "Wind Power Screen" }) }];
export const loader = windScreenLoader;
export default function WindScreenRoute() {
  return <WindScreen data={useLoaderData<typeof loader>()} />;
}
export const ErrorBoundary = RouteErrorBoundary;
