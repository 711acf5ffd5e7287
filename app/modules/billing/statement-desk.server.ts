/**
 * The clerk's statement page (`/contractBillReport/statement?id=`; `?bill=` opens a bill's statement, and a POST to it
 * with `intent=open` makes it first, from a confirmed bill's contract and period): the statement as the customer sees
 * it, its events, and the acts: send (a new link, every earlier one dies), revoke the link, answer a disputed item with
 * an adjustment or a note. Only a user who may send it sees the link; a loader never writes.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { centsOf } from "~/lib/cents";
import { requireScope } from "~/modules/access/access.server";
import { flashCookie, readFlash } from "~/modules/auth/session.server";
import { eq } from "drizzle-orm";
import { statements } from "../../../db/schema";
import { visibleOrgRowWhere } from "../../../db/rules/data-scope";
import { tenantWhere } from "../../../db/tenant";
import { BILL_EDIT_CODE } from "./bill-page.server";
import { BILL_LIST_PATH, statementHref } from "./bills.resource";
import { publicView } from "./statement-link.server";
import { answerDispute, existingStatementOf, revokeStatementLink, sendStatement, statementForBill, statementToken, statementView } from "./statement.server";
import { readForm } from "~/lib/posted-form.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { customerMobile, notifyStatement, recipientErrors } from "./statement-notify.server";

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

export async function statementDeskLoader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: BILL_LIST_PATH });
  const url = new URL(request.url);
  const fromBill = positive(url.searchParams.get("bill"));
  if (fromBill) {
    // opens the bill's statement when there is one; making it is the action's (a POST with the send permission)
    const existing = await existingStatementOf(scope, fromBill);
    if (!existing) throw new Response("Not Found", { status: 404 });
    throw redirect(statementHref(existing));
  }
  const id = positive(url.searchParams.get("id"));
  if (!id) throw new Response("Not Found", { status: 404 });
  const [visible] = await scope.db.select({ id: statements.id, nonce: statements.linkNonce, expiresAt: statements.linkExpiresAt }).from(statements).where(tenantWhere(statements, scope, eq(statements.id, id), visibleOrgRowWhere(scope, statements.orgId)));
  if (!visible) throw new Response("Not Found", { status: 404 });
  const view = (await statementView(scope.db, scope.user.tenantId, id))!;
  const { flash, clear } = readFlash(request);
  const act = scope.access.permissions.has(BILL_EDIT_CODE);
  // the link in force, signed again from its nonce and expiry (the same token each time: no issue time in it), only
  // for whoever may send the statement: the link answers as the customer (it confirms the statement and locks its bills)
  const live = act && visible.nonce && visible.expiresAt && visible.expiresAt > Date.now();
  const link = live ? `${url.origin}/statement/${await statementToken(scope.env, { tenantId: scope.user.tenantId, statementId: id, nonce: visible.nonce!, expiresAt: visible.expiresAt! })}` : null;
  // the SMS goes to the customer's main contact's mobile unless the clerk says otherwise
  const mobile = act ? await customerMobile(scope, view.statement.customerId) : "";
  return data(
    { id, statement: publicView(view), link, saved: flash === "saved", can: { act }, mobile },
    { headers: clear ? { "Set-Cookie": clear } : undefined },
  );
}

export type StatementDeskAction = { error: string; itemId?: number; values?: Record<string, string>; fields?: Record<string, string> };

export async function statementDeskAction({ request, context }: ActionFunctionArgs) {
  const scope = await requireScope(request, context, { screen: BILL_LIST_PATH, permission: BILL_EDIT_CODE });
  const query = new URL(request.url).searchParams;
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const fromBill = positive(query.get("bill"));
  if (fromBill && intent === "open") {
    // ?bill=: make (or open) the statement of a confirmed bill's contract and period
    const made = await statementForBill(scope, fromBill);
    if (!made.ok) throw new Response(null, { status: made.status === 404 ? 404 : 409, statusText: made.message });
    return redirect(statementHref(made.id));
  }
  const id = positive(query.get("id"));
  if (!id) throw new Response("Not Found", { status: 404 });
  const refused = (status: number, error: string, extra: Omit<StatementDeskAction, "error"> = {}) => {
    if (status === 404) throw new Response("Not Found", { status: 404 });
    return data<StatementDeskAction>({ error, ...extra }, { status });
  };
  if (intent === "send") {
    const to = { mobile: String(form.get("mobile") ?? "").trim(), email: String(form.get("email") ?? "").trim() };
    const fields = await recipientErrors(scope, to);
    if (Object.keys(fields).length) return data<StatementDeskAction>({ error: "statements:notify.check", fields, values: to }, { status: 400 });
    const r = await sendStatement(scope, id);
    if (!r.ok) return refused(r.status, r.message);
    try {
      await notifyStatement(scope, id, `${new URL(request.url).origin}${r.path}`, to, readPreferences(request).lang);
    } catch (error) {
      console.error(`statement ${id}: the message could not be sent`, error);
      return data<StatementDeskAction>({ error: "statements:notify.failed", values: to }, { status: 502 });
    }
    return redirect(statementHref(id), { headers: { "Set-Cookie": flashCookie("saved") } });
  }
  if (intent === "revoke") {
    const r = await revokeStatementLink(scope, id);
    return r.ok ? redirect(statementHref(id), { headers: { "Set-Cookie": flashCookie("saved") } }) : refused(r.status, r.message);
  }
  if (intent === "answer") {
    const itemId = positive(String(form.get("itemId")));
    const note = String(form.get("note") ?? "");
    const amount = String(form.get("amount") ?? "").trim();
    const values = { note, amount };
    let cents: number | null = null;
    if (amount) {
      cents = centsOf(amount);
      if (cents === null) return refused(400, "bills:adjustmentAmount", { itemId: itemId ?? undefined, values });
    }
    if (!itemId) return refused(400, "statements:disputeNotFound", { values });
    const r = await answerDispute(scope, id, itemId, note, cents);
    return r.ok ? redirect(statementHref(id), { headers: { "Set-Cookie": flashCookie("saved") } }) : refused(r.status, r.message, { itemId, values });
  }
  throw new Response("Bad Request", { status: 400 });
}
