import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BILLS } from "~/i18n/screen/bills";
import { billHref, billView } from "~/modules/billing/bills.resource";
import { billListResource } from "~/modules/billing/bills-list.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = () => [{ title: "Derrick · 合同账单报表 / Contract Billing Report" }];

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
  const { t } = useTranslation(BILLS);
  return (
    <ResourcePage
      view={billView}
      rowActions={(row) => (
        <Link to={billHref(String(row.id))} className="text-brand" data-testid="open-bill">
          {t("openBill")}
        </Link>
      )}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
