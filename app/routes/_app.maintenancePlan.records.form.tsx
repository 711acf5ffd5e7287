import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { recordView } from "~/modules/maintenance/record.resource";
import { recordDocument, recordLoader } from "~/modules/maintenance/record.server";
import { MAINTENANCE } from "~/modules/maintenance/texts/maintenance";
import { DocumentPage } from "~/modules/resource/document-page";
import { documentAction } from "~/modules/resource/document.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "保养记录", en: "Service record" }) }];

/** /maintenancePlan/records/form: one service record (`?id=`) or a new one (`?new=1`, from the due list `&planId=&vehicleId=`). */
export const loader = (args: LoaderFunctionArgs) => recordLoader(args);
export const action = (args: ActionFunctionArgs) => documentAction(args, recordDocument);

export default function MaintenanceRecord() {
  // its own refusals are in the maintenance namespace: it comes with this chunk
  useTranslation(MAINTENANCE);
  return <DocumentPage view={recordView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
