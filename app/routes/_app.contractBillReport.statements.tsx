import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { BILL_LIST_PATH, statementHref, statementListView } from "~/modules/billing/bills.resource";
import { statementListResource } from "~/modules/billing/statements-list.server";
import { STATEMENTS } from "~/modules/billing/texts/statements";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { LinkButton } from "~/ui/button";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "对账单", en: "Statements" }) }];

/** /contractBillReport/statements 对账单: the statements within the user's data scope, the disputed first; each opens as its page. */
export async function loader(args: LoaderFunctionArgs) {
  const page = await resourceLoader(args, statementListResource);
  // 详情 of a row is the statement's own page (a row outside the scope answered 404 above)
  const id = Number(new URL(args.request.url).searchParams.get("view"));
  if (Number.isSafeInteger(id) && id > 0) throw redirect(statementHref(id));
  return page;
}
// the column choice (a read-only list takes no writes)
export const action = (args: ActionFunctionArgs) => resourceAction(args, statementListResource);

export default function StatementList() {
  const { t } = useTranslation(STATEMENTS);
  return (
    // a row's 详情 is its statement's page (the loader's redirect)
    <ResourcePage
      view={statementListView}
      toolbar={<LinkButton to={BILL_LIST_PATH}>{t("desk.back")}</LinkButton>}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
