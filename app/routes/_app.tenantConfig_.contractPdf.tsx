// /tenantConfig/contractPdf: the printed contract's templates (app/modules/contract-pdf), a tab of 租户配置.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { contractPdfSettings } from "~/modules/contract-pdf/settings.server";
import { ContractTemplatePage } from "~/modules/contract-pdf/template-tab";
import { settingsAction, settingsLoader } from "~/modules/settings/settings.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "合同模板", en: "Contract Template" }) }];

export const loader = (args: LoaderFunctionArgs) => settingsLoader(args, contractPdfSettings);
export const action = (args: ActionFunctionArgs) => settingsAction(args, contractPdfSettings);

export default ContractTemplatePage;

export const ErrorBoundary = RouteErrorBoundary;
