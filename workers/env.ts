import type { FleetHub } from "./fleet-hub/fleet-hub";

/** Bindings and settings of the Worker (wrangler.toml, .dev.vars, secrets). */
export interface Env {
  DB: D1Database;
  FILES: R2Bucket;
  FLEET_HUB: DurableObjectNamespace<FleetHub>;
  ASSETS?: Fetcher;
  APP_ENV?: string;
  /** signs the session cookie (secret) */
  SESSION_SECRET?: string;
  /** 32+ characters; encrypts encodeParam auto-login links (secret) */
  ENCODE_PARAM_SECRET?: string;
  /** verifies zuqiToken logins (secret) */
  ZUQI_TOKEN_SECRET?: string;
  /** signs terminal tokens of /ingest/v1/auth (secret; falls back to SESSION_SECRET) */
  TERMINAL_TOKEN_SECRET?: string;
  /** the JT808 gateway's credential for /ingest/gateway/v1 (secret; a local default outside production) */
  JT808_GATEWAY_SECRET?: string;
  /** derives the emergency unlock codes (应急解锁码) terminals check (secret; falls back to SESSION_SECRET outside production) */
  LOCK_CODE_SECRET?: string;
  /** "off" switches the captcha off for local scripts and benches; never set in a deployed Worker */
  CAPTCHA?: string;
  /** sms provider: unset = outbox */
  SMS_PROVIDER?: string;
  SMS_WEBHOOK_URL?: string;
  MAIL_PROVIDER?: string;
  MAIL_WEBHOOK_URL?: string;
  LIBSQL_URL?: string;
  LIBSQL_AUTH_TOKEN?: string;
}

declare global {
  // `env` from cloudflare:test and cloudflare:workers has the same bindings.
  namespace Cloudflare {
    interface Env extends AppEnv {}
  }
}
type AppEnv = Env;
