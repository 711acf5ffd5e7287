import { integer, text } from "drizzle-orm/sqlite-core";

/** UTC milliseconds, the only way Derrick stores time. */
export const ms = (name: string) => integer(name, { mode: "number" });
/** Every editable business row carries a version for the stale-save check. */
export const version = () => integer("version").notNull().default(1);
export const createdAt = () => ms("created_at").notNull().$defaultFn(() => Date.now());
export const updatedAt = () => ms("updated_at").notNull().$defaultFn(() => Date.now());
/** Money as integer cents (分): ¥38,000.00 is 3800000. Never a binary float; rates and tax go through a decimal library. */
export const money = (name: string) => integer(name, { mode: "number" });
/** A calendar day of the tenant's (signing, on-rent, due), `YYYY-MM-DD`: a date of the trade, not an instant. */
export const day = (name: string) => text(name);
/**
 * A document head's bookkeeping (docs/documents.md): who made it, its version for the stale-save check, and its times;
 * spread into the head's columns (`...documentStamps()`).
 */
export const documentStamps = () => ({ creatorId: integer("creator_id"), version: version(), createdAt: createdAt(), updatedAt: updatedAt() });
