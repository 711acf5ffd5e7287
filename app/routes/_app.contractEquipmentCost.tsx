import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { requireScope } from "~/modules/access/access.server";
import { ContractCostPage } from "~/modules/contract-costs/cost-page";
import { costView } from "~/modules/contract-costs/cost.resource";
import { contractMargins, costOptions, costResource } from "~/modules/contract-costs/cost.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "合同设备费用", en: "Contract Equipment Costs" }) }];

/** /contractEquipmentCost 合同设备费用: the cost register, with each contract's margin (`?contractId=` narrows both to one contract). */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, costResource, { options: costOptions }), requireScope(args.request, args.context, { screen: costView.path })]);
  const contractId = Number(page.data.query.filters.contractId) || null;
  return data({ ...page.data, margins: await contractMargins(scope, contractId), filtered: contractId !== null }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) => resourceAction(args, costResource, { options: costOptions });

export default ContractCostPage;

export const ErrorBoundary = RouteErrorBoundary;
