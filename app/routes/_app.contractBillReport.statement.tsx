import type { MetaFunction } from "@remix-run/cloudflare";
import { StatementDesk } from "~/modules/billing/statement-desk";
import { statementDeskAction, statementDeskLoader } from "~/modules/billing/statement-desk.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "对账单", en: "Statement" }) }];

/** /contractBillReport/statement?id= (or ?bill= to make or open it): a statement, its link, disputes and history. */
export const loader = statementDeskLoader;
export const action = statementDeskAction;
export default StatementDesk;
export const ErrorBoundary = RouteErrorBoundary;
