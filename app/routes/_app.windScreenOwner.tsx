import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/lib/page-title";
import { WindOwnerPage } from "~/modules/wind/wind-owner-page";
import { windOwnerLoader } from "~/modules/wind/wind-route.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "风电业主大屏", en: "Wind Farm Owner Screen" }) }];

/** /windScreenOwner 风电业主大屏: one wind project as its owner follows it (app/modules/wind, docs/big-screens.md). */
export const loader = windOwnerLoader;

export default function WindScreenOwner() {
  return <WindOwnerPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
