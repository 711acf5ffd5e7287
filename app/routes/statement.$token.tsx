// /statement/<token>: the customer's statement through its signed link (no account; docs/billing.md, 对账).
import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { StatementPage } from "~/modules/billing/statement-page";
import { statementLinkAction, statementLinkLoader } from "~/modules/billing/statement-link.server";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "对账单", en: "Statement" }) }, { name: "robots", content: "noindex" }];
export const loader = statementLinkLoader;
// never cached, never sent on as a referrer, never indexed: the address is the key
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const action = statementLinkAction;
export default StatementPage;
