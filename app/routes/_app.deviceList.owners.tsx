import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { ArchiveListPage } from "~/modules/telematics/archive-page";
import { ownerView } from "~/modules/telematics/archive.resource";
import { ownerOptions, ownerResource } from "~/modules/telematics/archive.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "车主档案", en: "Owners" }) }];

export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, ownerResource, { options: ownerOptions });
export const action = (args: ActionFunctionArgs) => resourceAction(args, ownerResource, { options: ownerOptions });

export default function Page() {
  return <ArchiveListPage view={ownerView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
