import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { SETTLEMENTS } from "~/modules/settlement/texts/settlements";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { settlementRecordView } from "~/modules/settlement/settlement.resource";
import { settlementRecordResource } from "~/modules/settlement/settlement.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "清算记录", en: "Settlement Records" }) }];

/** /contractClearRecord: every approved settlement, final and overtime, read-only with its figures. */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, settlementRecordResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, settlementRecordResource);

export default function ContractClearRecord() {
  useTranslation(SETTLEMENTS);
  return <ResourcePage view={settlementRecordView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
