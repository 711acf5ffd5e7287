import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireScope } from "~/modules/access/access.server";
import { supplierTowerView } from "~/modules/parties/supplier.resource";
import { supplierTowerResource, supplierDetail } from "~/modules/parties/supplier.server";
import { SupplierPage } from "~/modules/parties/supplier-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "塔吊供应商", en: "Tower Crane Suppliers" }) }];

export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, supplierTowerResource), requireScope(args.request, args.context, { screen: supplierTowerView.path })]);
  const viewing = page.data.form?.mode === "view" ? Number(page.data.form.values.id) : 0;
  return data({ ...page.data, detail: viewing ? await supplierDetail(scope, viewing) : null }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) => resourceAction(args, supplierTowerResource);

export default function Page() {
  const { detail } = useLoaderData<typeof loader>();
  return <SupplierPage view={supplierTowerView} detail={detail} />;
}

export const ErrorBoundary = RouteErrorBoundary;
