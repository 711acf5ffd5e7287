import { integer } from "drizzle-orm/sqlite-core";

/** UTC milliseconds, the only way Derrick stores time. */
export const ms = (name: string) => integer(name, { mode: "number" });
/** Every editable business row carries a version for the stale-save check. */
export const version = () => integer("version").notNull().default(1);
export const createdAt = () => ms("created_at").notNull().$defaultFn(() => Date.now());
export const updatedAt = () => ms("updated_at").notNull().$defaultFn(() => Date.now());
