import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { BILLS } from "~/modules/billing/texts/bills";
import { billHref, billView, STATEMENT_LIST_PATH } from "~/modules/billing/bills.resource";
import { STATEMENTS } from "~/modules/billing/texts/statements";
import { LinkButton } from "~/ui/button";
import { billListResource } from "~/modules/billing/bills-list.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "合同账单报表", en: "Contract Billing Report" }) }];

/** /contractBillReport 合同账单报表: the bills within the user's data scope, with filters and Excel export; each opens as its page. */
export async function loader(args: LoaderFunctionArgs) {
  const page = await resourceLoader(args, billListResource);
  // 详情 of a row is the bill's own page (a row outside the scope answered 404 above)
  const id = new URL(args.request.url).searchParams.get("view");
  if (id) throw redirect(billHref(encodeURIComponent(id)));
  return page;
}

// the column choice (a read-only list takes no writes)
export const action = (args: ActionFunctionArgs) => resourceAction(args, billListResource);

export default function ContractBillReport() {
  // the screen's texts come with its chunk (a bill's page opens from here)
  useTranslation(BILLS);
  const { t } = useTranslation(STATEMENTS);
  // a row's 详情 is its bill's page (the loader's redirect): no second link, the list is wide enough as it is
  return <ResourcePage view={billView} toolbar={<LinkButton to={STATEMENT_LIST_PATH}>{t("list.title")}</LinkButton>} />;
}

export const ErrorBoundary = RouteErrorBoundary;
