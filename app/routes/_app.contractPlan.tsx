import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CONTRACTS } from "~/modules/contracts/texts/contracts";
import { contractPlanView } from "~/modules/contracts/plan.resource";
import { contractPlanResource } from "~/modules/contracts/plan.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";
import type { RowOf } from "~/modules/resource/resource.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "合同计划", en: "Contract Plans" }) }];

/** /contractPlan 合同计划: the instalments across contracts, with filters and Excel export; each opens its contract. */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, contractPlanResource);
// the column choice (a read-only list takes no writes)
export const action = (args: ActionFunctionArgs) => resourceAction(args, contractPlanResource);

export default function ContractPlan() {
  const { t } = useTranslation(CONTRACTS);
  return (
    <ResourcePage<RowOf<typeof contractPlanResource>>
      view={contractPlanView}
      rowActions={(row) => (
        <Link to={`/contractList/form?id=${String(row.contractId)}`} className="text-brand">
          {t("viewTitle")}
        </Link>
      )}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
