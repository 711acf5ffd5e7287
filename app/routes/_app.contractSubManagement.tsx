import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { subcontractView } from "~/modules/contract-costs/subcontract.resource";
import { subcontractResource } from "~/modules/contract-costs/subcontract.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { useTranslation } from "react-i18next";
import { CONTRACT_DOCS } from "~/modules/contracts/texts/contractDocs";
import { pageTitle } from "~/lib/page-title";
import type { RowOf } from "~/modules/resource/resource.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "子合同管理", en: "Sub-Contract Management" }) }];

/** /contractSubManagement 子合同管理: the sub-contracts with cost, sell and margin; each row opens its document. */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, subcontractResource);
// the column choice (a read-only list takes no writes)
export const action = (args: ActionFunctionArgs) => resourceAction(args, subcontractResource);

export default function ContractSubManagement() {
  const { t } = useTranslation(CONTRACT_DOCS);
  return (
    <ResourcePage<RowOf<typeof subcontractResource>>
      view={subcontractView}
      rowActions={(row) => (
        <Link to={`/contractList/form?id=${String(row.id)}`} className="text-brand">
          {t("sub.open")}
        </Link>
      )}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
