import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, ms, updatedAt, version } from "./columns";
import { organisations, tenants } from "./tenant";

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id").notNull().references(() => tenants.id),
    orgId: integer("org_id").references(() => organisations.id),
    loginAccount: text("login_account").notNull(),
    userName: text("user_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** 1 enabled, 0 disabled */
    state: integer("state").notNull().default(1),
    /** tenant administrator: may use /loginAdmin and read the outbox */
    isAdmin: integer("is_admin").notNull().default(0),
    creatorId: integer("creator_id"),
    /** null = never expires */
    expiresAt: ms("expires_at"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    lockAuthCode: text("lock_auth_code"),
    lastLoginAt: ms("last_login_at"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_login_account_uq").on(t.loginAccount),
    // the user list: newest first by default, sortable by name and state, always within one tenant
    index("users_tenant_created_idx").on(t.tenantId, t.createdAt),
    index("users_tenant_name_idx").on(t.tenantId, t.userName),
    index("users_tenant_state_idx").on(t.tenantId, t.state, t.createdAt),
    // 用户管理 sorted by a column header: each sortable column's index, walked to the page (tests/worker/list-sort-plans)
    index("users_tenant_account_idx").on(t.tenantId, t.loginAccount),
    index("users_tenant_state_id_idx").on(t.tenantId, t.state),
    index("users_tenant_expires_idx").on(t.tenantId, t.expiresAt),
    // the list filtered by its state (the usual look: the users in service) and sorted by name, walked to the page
    index("users_tenant_state_name_idx").on(t.tenantId, t.state, t.userName),
    index("users_phone_idx").on(t.phone),
  ],
);

/** Server-side sessions; the cookie only carries the signed id, so a row can be revoked. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    userId: integer("user_id").notNull(),
    loginType: integer("login_type").notNull().default(0),
    createdAt: createdAt(),
    lastSeenAt: ms("last_seen_at").notNull(),
    expiresAt: ms("expires_at").notNull(),
    revokedAt: ms("revoked_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Single-use captcha answers (2 minutes). */
export const captchas = sqliteTable("captchas", {
  id: text("id").primaryKey(),
  answer: text("answer").notNull(),
  expiresAt: ms("expires_at").notNull(),
});

/** Failed sign-ins per account name, kept whether or not the account exists. */
export const loginThrottle = sqliteTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lockedUntil: ms("locked_until"),
  updatedAt: updatedAt(),
});

/** Sign-in tokens already used (their `jti`), kept until they expire: a sign-in token signs in once. */
export const usedTokens = sqliteTable("used_tokens", {
  jti: text("jti").primaryKey(),
  expiresAt: ms("expires_at").notNull(),
});

/** One-time codes sent by SMS or e-mail for sign-in and password reset. */
export const verificationCodes = sqliteTable(
  "verification_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel", { enum: ["sms", "email"] }).notNull(),
    target: text("target").notNull(),
    purpose: text("purpose", { enum: ["login", "reset"] }).notNull(),
    code: text("code").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: ms("expires_at").notNull(),
    usedAt: ms("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("verification_codes_target_idx").on(t.channel, t.target, t.purpose)],
);

/** Messages that would have gone to an SMS or mail provider when none is configured. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tenantId: integer("tenant_id"),
    channel: text("channel", { enum: ["sms", "email"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_tenant_idx").on(t.tenantId, t.createdAt)],
);
