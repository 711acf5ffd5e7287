import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { getDb } from "../db/client";
import { LOGIN_TYPE, decodeLoginParam, passwordLogin, tokenLogin } from "../app/modules/auth/login.server";
import { loadUserPreferences, prefsCookies, readPreferences } from "../app/modules/auth/preferences.server";
import { signInSource } from "../app/modules/auth/throttle.server";
import { forgetSessions, readSession, safeRedirectPath, startSession } from "../app/modules/auth/session.server";
import type { Env } from "./env";
import { hubFor } from "./fleet-hub/client";
import { HUB_LINK_HEADER, HUB_SESSION_HEADER, HUB_TENANT_HEADER, HUB_USER_HEADER } from "./fleet-hub/fleet-hub";
import { screenLinkByToken } from "../db/rules/screen-links";
import { scheduled } from "./scheduled";
import { handleIngest } from "./telematics/ingest";

export { FleetHub } from "./fleet-hub/fleet-hub";

/**
 * The pages (the Remix build: every route, React's server renderer, the texts) are loaded by the first request that
 * needs them, not when the isolate starts. An isolate that only answers terminals (/ingest) and hosts the FleetHub
 * never loads them: it does less when it starts, and its heap holds a third fewer objects, which every major
 * collection of that heap visits while the hub's frames wait (docs/testing.md, 'Fan-out').
 */
let remix: ReturnType<typeof createRequestHandler> | undefined;
const handleRemix: ReturnType<typeof createRequestHandler> = async (request, context) => {
  // eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the build exists only after `remix vite:build`, so ts-expect-error would fail once it does
  // @ts-ignore the server build exists after `remix vite:build`
  remix ??= createRequestHandler((await import("../build/server")) as unknown as ServerBuild);
  return remix(request, context);
};

const json = (status: number, body: Record<string, unknown>, headers: HeadersInit = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", ...headers } });

/**
 * Every state-changing request must come from our own pages: a foreign Origin (or, without Origin, a
 * foreign Referer) is refused. Terminals (/ingest) authenticate by token and are exempt.
 */
export function crossSiteRefusal(request: Request, url: URL): Response | null {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return null;
  if (url.pathname.startsWith("/ingest/")) return null;
  const origin = request.headers.get("Origin");
  const referer = request.headers.get("Referer");
  let source: string | null = origin;
  if (!source && referer) {
    try {
      source = new URL(referer).origin;
    } catch {
      source = "null";
    }
  }
  if (source === null) {
    // No Origin and no Referer: only a request without our cookie (a script, a terminal) may pass.
    return (request.headers.get("Cookie") ?? "").includes("derrick_session=") ? json(403, { code: 403, message: "cross-site request refused" }) : null;
  }
  return source === url.origin ? null : json(403, { code: 403, message: "cross-site request refused" });
}

/** encodeParam (JWE) and zuqiToken (login type 8) links sign the user in, then go to path or /manageWork. */
async function autoLogin(request: Request, env: Env, url: URL): Promise<Response> {
  const db = getDb(env);
  const encoded = url.searchParams.get("encodeParam");
  let result;
  let path: string | null | undefined = url.searchParams.get("path");
  let loginType: number = LOGIN_TYPE.token;
  if (encoded) {
    const param = await decodeLoginParam(env, encoded);
    result = param ? await passwordLogin(db, { account: param.u, password: param.p }, { source: signInSource(request), env }) : null;
    path = param?.path;
    loginType = param?.l ?? LOGIN_TYPE.encodeParam;
  } else {
    result = await tokenLogin(db, env, url.searchParams.get("zuqiToken") ?? "");
  }
  if (!result?.ok) return new Response(null, { status: 302, headers: { Location: "/login?l=f" } });
  const headers = new Headers({ Location: safeRedirectPath(path) });
  headers.append("Set-Cookie", await startSession(request, env, db, result.user, loginType));
  for (const c of prefsCookies(await loadUserPreferences(db, result.user.id, readPreferences(request)))) headers.append("Set-Cookie", c);
  return new Response(null, { status: 302, headers });
}

/** /hub: the signed-in user's WebSocket to their own tenant's FleetHub. */
async function connectHub(request: Request, env: Env, url: URL): Promise<Response> {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return json(426, { code: 426, message: "WebSocket upgrade required" });
  // a browser always names the page that opens a socket: another site's page may not ride on our cookie
  // (cross-site WebSocket hijacking). Scripts send no Origin and still need the session cookie.
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== url.origin) return json(403, { code: 403, message: "cross-site request refused" });
  // a wall screen opened through its link (/screen/<token>): no session; the link decides the tenant and the vehicles
  const token = url.searchParams.get("link");
  if (token !== null) {
    const link = await screenLinkByToken(getDb(env), token);
    if (!link) return json(404, { code: 404, message: "链接已失效" });
    const answer = await hubFor(env, link.tenantId).fetch(request.url, { headers: { Upgrade: "websocket", [HUB_TENANT_HEADER]: String(link.tenantId), [HUB_LINK_HEADER]: String(link.id) } });
    return answer.status === 403 ? json(404, { code: 404, message: "链接已失效" }) : answer;
  }
  const state = await readSession(request, env);
  if (state.status !== "ok") return json(401, { code: 401, message: "会话失效,请重新登录" });
  const user = state.session.user;
  const asked = url.searchParams.get("tenant");
  if (asked !== null && Number(asked) !== user.tenantId) return json(403, { code: 403, message: "权限不足！" });
  // The hub is told only what it reads (no copy of the browser's headers, cookie and all). Each socket's requests and
  // headers are the isolate's garbage once the socket is open, and the collection that finds them runs their C++
  // destructors while the hub's frames wait: after a thousand screens connected, up to ~25 ms of one such pause.
  // The session goes along so that the hub can close the socket when the session ends (sign-out, a user disabled);
  // the hub checks the live screens' permission itself, and again whenever roles change (FleetHub.revalidate).
  const answer = await hubFor(env, user.tenantId).fetch(request.url, {
    headers: { Upgrade: "websocket", [HUB_USER_HEADER]: String(user.id), [HUB_TENANT_HEADER]: String(user.tenantId), [HUB_SESSION_HEADER]: state.session.id },
  });
  return answer.status === 403 ? json(403, { code: 403, message: "权限不足！" }) : answer;
}

/**
 * Every answer of the Worker says not to guess its type and to send only our origin as a referrer elsewhere (pages
 * add their Content-Security-Policy in entry.server). A socket's 101 is left alone.
 */
function withSecurityHeaders(response: Response): Response {
  if (response.status === 101) return response;
  let answer = response;
  try {
    answer.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    // headers of a fetched response are immutable: answer with a copy
    answer = new Response(response.body, response);
    answer.headers.set("X-Content-Type-Options", "nosniff");
  }
  if (!answer.headers.has("Referrer-Policy")) answer.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  return answer;
}

/**
 * Requests that may change what a session grants (a sign-out, a user disabled, a role or a setting saved): the
 * isolate's session cache is emptied before and after each. Terminals' reports and the visit log change nothing
 * a session reads, and come often.
 */
function mayChangeSessions(request: Request, url: URL): boolean {
  if (request.method === "GET" || request.method === "HEAD") return false;
  return !url.pathname.startsWith("/ingest") && url.pathname !== "/api/visitLog/save";
}

async function route(request: Request, env: Env, ctx: ExecutionContext, url: URL): Promise<Response> {
  const refused = crossSiteRefusal(request, url);
  if (refused) return refused;
  if (url.pathname === "/hub") return connectHub(request, env, url);
  if (url.pathname.startsWith("/ingest")) {
    const answer = await handleIngest(request, env, url);
    if (answer) return answer;
  }
  if (request.method === "GET" && (url.searchParams.has("encodeParam") || url.searchParams.has("zuqiToken"))) return autoLogin(request, env, url);
  return handleRemix(request, { cloudflare: { env, ctx } });
}

export default {
  async fetch(request, env, ctx): Promise<Response> {
    const url = new URL(request.url);
    // The bare-Worker floor the benchmarks compare against, and a liveness probe.
    if (url.pathname === "/healthz") return new Response("ok", { headers: { "Cache-Control": "no-store" } });
    const writes = mayChangeSessions(request, url);
    if (writes) forgetSessions();
    try {
      return withSecurityHeaders(await route(request, env, ctx, url));
    } catch (error) {
      console.error(error);
      return new Response("服务异常，请稍后重试 / The service is unavailable. Please try again later.", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    } finally {
      if (writes) forgetSessions();
    }
  },
  // cron triggers (wrangler.toml [triggers]): the jobs of workers/scheduled.ts
  scheduled,
} satisfies ExportedHandler<Env>;
