import { desc } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { outbox } from "../../../db/schema";
import { ofTenant } from "../../../db/tenant";
import type { Env } from "../../../workers/env";

export interface OutgoingMessage {
  tenantId: number | null;
  channel: "sms" | "email";
  recipient: string;
  subject?: string;
  body: string;
}

/** A provider sends one message; the outbox is the provider when none is configured. */
export interface MessageProvider {
  send(message: OutgoingMessage): Promise<void>;
}

class OutboxProvider implements MessageProvider {
  constructor(private db: Db) {}
  async send(m: OutgoingMessage) {
    await this.db.insert(outbox).values({ tenantId: m.tenantId, channel: m.channel, recipient: m.recipient, subject: m.subject ?? null, body: m.body });
  }
}

/** Posts the message as JSON to a gateway URL (an SMS or mail relay of the operator's choice). */
class WebhookProvider implements MessageProvider {
  constructor(private url: string) {}
  async send(m: OutgoingMessage) {
    const res = await fetch(this.url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(m) });
    if (!res.ok) throw new Error(`message provider answered ${res.status}`);
  }
}

/** The provider settings of the Worker; with none set (or none passed), messages go to the outbox. */
export type ProviderEnv = Pick<Env, "SMS_PROVIDER" | "SMS_WEBHOOK_URL" | "MAIL_PROVIDER" | "MAIL_WEBHOOK_URL">;

export function messageProvider(env: ProviderEnv, db: Db, channel: "sms" | "email"): MessageProvider {
  const kind = channel === "sms" ? env.SMS_PROVIDER : env.MAIL_PROVIDER;
  const url = channel === "sms" ? env.SMS_WEBHOOK_URL : env.MAIL_WEBHOOK_URL;
  if (kind === "webhook" && url) return new WebhookProvider(url);
  return new OutboxProvider(db);
}

/** The tenant's latest 100 messages kept in the outbox (codes and notices sent while no provider is configured). */
export function listOutbox(db: Db, tenantId: number) {
  return db.select().from(outbox).where(ofTenant(outbox, tenantId)).orderBy(desc(outbox.createdAt)).limit(100);
}
