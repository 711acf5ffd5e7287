// /customerScreenInfo 客户信息大屏: the customer's figures without the map, type scaled to the window (spec §2).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CustomerScreen } from "~/modules/wall/customer-screen";
import { customerLoader } from "~/modules/wall/wall-route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "客户信息大屏", en: "Customer Info Screen" }) }];
export const loader = customerLoader("/customerScreenInfo");
export default function CustomerScreenInfoRoute() {
  const data = useLoaderData<typeof loader>();
  // another customer: a new screen (its live feed watches that customer's machines)
  return <CustomerScreen key={data.customer?.customerId ?? 0} data={data} />;
}
export const ErrorBoundary = RouteErrorBoundary;
