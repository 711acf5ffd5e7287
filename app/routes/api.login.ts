import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { anonymousScope, apiJson, loadAccess, menuTreeOf } from "~/modules/access/access.server";
import { consumeCaptcha } from "~/modules/auth/captcha.server";
import { captchaEnabled, refusalMessage, refusalStatus, type SignInRefusal } from "~/modules/auth/login-route.server";
import { LOGIN_TYPE, passwordLogin, tokenLogin, type LoginResult } from "~/modules/auth/login.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { readSession, startSession } from "~/modules/auth/session.server";
import { signInSource } from "~/modules/auth/throttle.server";
import type { MenuNode } from "~/lib/navigation";
import pkg from "../../package.json";
import { readForm } from "~/lib/posted-form.server";

type PrivilegeNode = { privis: string; privisId: string; name: string; routerPath: string | null; children: PrivilegeNode[] };
const toPrivilegeNodes = (tree: MenuNode[]): PrivilegeNode[] =>
  tree.map((n) => ({ privis: n.privis, privisId: n.privisId, name: n.name, routerPath: n.routerPath, children: toPrivilegeNodes(n.children) }));

async function readBody(request: Request): Promise<Record<string, string>> {
  if ((request.headers.get("Content-Type") ?? "").includes("application/json")) {
    const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    return Object.fromEntries(Object.entries(body ?? {}).map(([k, v]) => [k, v == null ? "" : String(v)]));
  }
  return Object.fromEntries([...(await readForm(request)).entries()].map(([k, v]) => [k, String(v)]));
}

/**
 * JSON sign-in for integrations (spec §3 login request/response). Login type 8 takes a sign-in zuqiToken as user and
 * password (once); other types need the captcha from /api/captcha (uuid + code) unless the captcha is switched off.
 * Refusals are worded in the caller's language; a source that must wait gets 429 with Retry-After.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiJson({ code: 405, message: "method not allowed" }, { status: 405 });
  const { env, db } = anonymousScope(context);
  const body = await readBody(request);
  const loginType = Number(body.loginType ?? 0);
  let result: LoginResult | { ok: false; error: SignInRefusal; retryAfterMs?: undefined };
  if (loginType === LOGIN_TYPE.token) {
    result = body.password || body.username ? await tokenLogin(db, env, body.password || body.username!) : { ok: false, error: "required" };
  } else if (!body.username || !body.password) {
    result = { ok: false, error: "required" };
  } else if (captchaEnabled(env) && !(await consumeCaptcha(db, body.uuid ?? "", body.code ?? ""))) {
    result = { ok: false, error: "badCaptcha" };
  } else {
    const adminLogin = body.adminLogin === "1" || body.adminLogin === "true";
    result = await passwordLogin(db, { account: body.username, password: body.password, adminLogin }, { source: signInSource(request), env });
  }
  if (!result.ok) {
    const { status, headers } = refusalStatus(result);
    return apiJson({ code: status, message: refusalMessage(readPreferences(request).lang, result.error, result.retryAfterMs) }, { status, headers });
  }

  const cookie = await startSession(request, env, db, result.user, loginType === LOGIN_TYPE.token ? LOGIN_TYPE.token : LOGIN_TYPE.password);
  const sid = cookie.split(";")[0]!.split("=").slice(1).join("=");
  const state = await readSession(new Request(request.url, { headers: { Cookie: cookie.split(";")[0]! } }), env, db);
  if (state.status !== "ok") return apiJson({ code: 500, message: "服务异常，请稍后重试" }, { status: 500 });
  const user = state.session.user;
  const access = await loadAccess(db, user);
  return apiJson(
    {
      code: 200,
      message: "操作成功！",
      data: { user: { userId: user.id, craneSessionId: sid, userName: user.userName, loginAccount: user.loginAccount, tenantId: user.tenantId } },
      sid,
      sysConfigList: [{ typeName: "sys.software.version", typeVal: pkg.version }],
      businessLogo: "/api/businessInfo/logo",
      privilegeNodeList: toPrivilegeNodes(menuTreeOf(access)),
      company: { companyKind: user.companyKind, name: user.tenantName },
    },
    { headers: { "Set-Cookie": cookie } },
  );
}

export function loader() {
  return apiJson({ code: 405, message: "POST only" }, { status: 405 });
}
