/**
 * The link a terminal downloads a version package from: `/ota/<package id>-<expiry, epoch seconds>-<signature>.zip`,
 * outside the session. The signature is HMAC-SHA-256 over the tenant, the package and the expiry (the first 128 bits,
 * hex), keyed from SESSION_SECRET apart from the session's own use; a forged, altered or expired link finds nothing
 * (404, as for a package that does not exist), and no link lists anything. docs/terminals.md, "Downloads".
 */
import type { Env } from "../../../workers/env";
import { hexOf, sameHex } from "../../../workers/telematics/secret";

const LINK_RE = /^(\d{1,9})-(\d{9,11})-([0-9a-f]{32})\.zip$/;
const encoder = new TextEncoder();
let cached: { secret: string; key: CryptoKey } | null = null;

async function linkKey(env: Pick<Env, "SESSION_SECRET" | "APP_ENV">): Promise<CryptoKey> {
  const secret = env.SESSION_SECRET ?? (env.APP_ENV === "production" ? "" : "derrick-local-session-secret");
  if (!secret) throw new Error("SESSION_SECRET is not set");
  if (cached?.secret === secret) return cached.key;
  const key = await crypto.subtle.importKey("raw", encoder.encode(`derrick-ota-link:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  cached = { secret, key };
  return key;
}

async function signature(env: Pick<Env, "SESSION_SECRET" | "APP_ENV">, tenantId: number, packageId: number, expires: number): Promise<string> {
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await linkKey(env), encoder.encode(`ota:${tenantId}:${packageId}:${expires}`)));
  return hexOf(mac.slice(0, 16));
}

/** The download link of a package, good until `expiresMs`, on the origin the platform is reached at. */
export async function packageLink(env: Pick<Env, "SESSION_SECRET" | "APP_ENV">, origin: string, tenantId: number, packageId: number, expiresMs: number): Promise<string> {
  const expires = Math.floor(expiresMs / 1000);
  return `${origin}/ota/${packageId}-${expires}-${await signature(env, tenantId, packageId, expires)}.zip`;
}

/** The package a link's last segment names, if the link is well-formed and unexpired (its signature is checked against the package's tenant by `linkValid`). */
export function parseLink(file: string, now = Date.now()): { packageId: number; expires: number; signature: string } | null {
  const m = LINK_RE.exec(file);
  if (!m) return null;
  const expires = Number(m[2]);
  if (expires * 1000 < now) return null;
  return { packageId: Number(m[1]), expires, signature: m[3]! };
}

/** Whether the link's signature is the package's, compared without an early exit. */
export async function linkValid(env: Pick<Env, "SESSION_SECRET" | "APP_ENV">, link: { packageId: number; expires: number; signature: string }, tenantId: number): Promise<boolean> {
  return sameHex(await signature(env, tenantId, link.packageId, link.expires), link.signature);
}
