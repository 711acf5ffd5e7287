/**
 * 发送给客户 really sends (Rental III §3): the statement's link by SMS to the customer's mobile and by e-mail through the
 * tenant's mail settings (/zhongtaiMailSet: on, the sender's name, the subject's prefix), each through the message
 * provider (app/modules/auth/notify.server.ts: a gateway when one is configured, else the outbox, which /outbox shows).
 * The clerk may send by either, both or neither (then the link alone, to copy).
 */
import { and, asc, desc, eq } from "drizzle-orm";
import type { Language } from "~/i18n/index";
import { resources } from "~/i18n/resources";
import { formatCents } from "~/lib/cents";
import { isEmail, isMobile } from "~/lib/validators";
import type { RequestScope } from "~/modules/access/access.server";
import { messageProvider } from "~/modules/auth/notify.server";
import { readTenantSettings } from "~/modules/settings/settings.server";
import { mailSetView } from "~/modules/settings/settings.views";
import { customerContacts, statements, tenants } from "../../../db/schema";
import { tenantWhere } from "../../../db/tenant";

/** Where the clerk asked the link to go (either may be blank). */
export interface StatementRecipients {
  mobile: string;
  email: string;
}

/** The recipients' refusals before anything is sent: field → message key. */
export async function recipientErrors(scope: RequestScope, to: StatementRecipients): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  if (to.mobile && !isMobile(to.mobile)) errors.mobile = "statements:notify.mobile";
  if (to.email && !isEmail(to.email)) errors.email = "statements:notify.email";
  else if (to.email && (await mailSettings(scope)).enabled !== "1") errors.email = "statements:notify.mailOff";
  return errors;
}

const mailSettings = async (scope: RequestScope) => (await readTenantSettings(scope.db, scope.user.tenantId, mailSetView.key, { enabled: "0", senderName: "", subjectPrefix: "" })).values as Record<string, string>;

/** The customer's main contact's mobile, to offer as the SMS's recipient. */
export async function customerMobile(scope: RequestScope, customerId: number | null): Promise<string> {
  if (!customerId) return "";
  const rows = await scope.db
    .select({ phone: customerContacts.phone })
    .from(customerContacts)
    .where(tenantWhere(customerContacts, scope, eq(customerContacts.customerId, customerId)))
    .orderBy(desc(customerContacts.isMain), asc(customerContacts.sort), asc(customerContacts.id))
    .limit(5);
  return rows.map((r) => r.phone).find(isMobile) ?? "";
}

/**
 * Sends the link to the recipients given, in the clerk's language: the SMS a line, the e-mail with the sender's name,
 * the subject's prefix, the amount, the period and the link's last day. Answers the channels that went out.
 */
export async function notifyStatement(scope: RequestScope, id: number, link: string, to: StatementRecipients, lang: Language): Promise<("sms" | "email")[]> {
  const [s] = await scope.db
    .select({ number: statements.number, amountCents: statements.amountCents, periodFrom: statements.periodFrom, periodTo: statements.periodTo, expiresAt: statements.linkExpiresAt, lessor: tenants.name })
    .from(statements)
    .innerJoin(tenants, eq(tenants.id, statements.tenantId))
    .where(and(tenantWhere(statements, scope, eq(statements.id, id))));
  if (!s) return [];
  const t = resources[lang].statements.notify;
  const fill = (text: string, extra: Record<string, string> = {}) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => ({ lessor: s.lessor, number: s.number, amount: formatCents(s.amountCents), from: s.periodFrom, to: s.periodTo, link, until: s.expiresAt ? new Date(s.expiresAt).toISOString().slice(0, 10) : "", ...extra })[k] ?? "");
  const sent: ("sms" | "email")[] = [];
  if (to.mobile) {
    await messageProvider(scope.env, scope.db, "sms").send({ tenantId: scope.user.tenantId, channel: "sms", recipient: to.mobile, body: fill(t.sms) });
    sent.push("sms");
  }
  if (to.email) {
    const mail = await mailSettings(scope);
    const prefix = mail.subjectPrefix ? `${mail.subjectPrefix} ` : "";
    await messageProvider(scope.env, scope.db, "email").send({ tenantId: scope.user.tenantId, channel: "email", recipient: to.email, subject: `${prefix}${fill(t.subject)}`, body: fill(t.body, { sender: mail.senderName || s.lessor }) });
    sent.push("email");
  }
  return sent;
}
