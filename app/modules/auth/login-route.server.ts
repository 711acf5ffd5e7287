import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "../../../db/client";
import { isMobile } from "~/lib/validators";
import { createCaptcha, consumeCaptcha } from "./captcha.server";
import { LOGIN_TYPE, passwordLogin, sendCode, smsLogin, type LoginError } from "./login.server";
import { loadUserPreferences, prefsCookies, readPreferences } from "./preferences.server";
import { rawCookie, readFlash, readSession, safeRedirectPath, startSession } from "./session.server";

const REMEMBER_COOKIE = "derrick_remember";

function rememberedAccount(request: Request): string {
  const raw = rawCookie(request, REMEMBER_COOKIE);
  return raw ? decodeURIComponent(raw) : "";
}

export function captchaEnabled(env: { CAPTCHA?: string }): boolean {
  return env.CAPTCHA !== "off";
}

/** Loader shared by /login and /loginAdmin: a fresh captcha, the remembered account and the one-time message. */
export async function loginLoader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const db = getDb(env);
  const url = new URL(request.url);
  const state = await readSession(request, env, db);
  if (state.status === "ok") throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  const { flash, clear } = readFlash(request);
  const captcha = captchaEnabled(env) ? await createCaptcha(db) : null;
  const headers = new Headers();
  if (clear) headers.append("Set-Cookie", clear);
  // A lost session also loses its cookie here, so the expiry message shows once.
  if (state.status === "invalid") headers.append("Set-Cookie", "derrick_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
  return data(
    {
      captcha,
      flash,
      rememberedAccount: rememberedAccount(request),
      mode: url.searchParams.get("mode") === "sms" ? ("sms" as const) : ("password" as const),
      l: url.searchParams.get("l") === "t" ? "t" : "f",
    },
    { headers },
  );
}

export type LoginActionData =
  | { intent: "password" | "sms"; error: LoginError | "badCaptcha" | "required"; fields: Record<string, string> }
  | { intent: "sendSms"; sent: "sent" | "tooSoon" | "invalidPhone"; fields: Record<string, string> };

/** Action shared by /login and /loginAdmin (intent: password | sendSms | sms). */
export async function loginAction({ request, context }: ActionFunctionArgs, admin: boolean) {
  const env = context.cloudflare.env;
  const db = getDb(env);
  const form = await request.formData();
  const field = (k: string) => String(form.get(k) ?? "");
  const intent = field("intent");
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo") ?? field("redirectTo"));
  const prefs = readPreferences(request);

  if (intent === "sendSms") {
    const phone = field("phone").trim();
    if (!isMobile(phone)) return data<LoginActionData>({ intent, sent: "invalidPhone", fields: { phone } }, { status: 400 });
    const sent = await sendCode(db, env, { channel: "sms", target: phone, purpose: "login", lang: prefs.lang });
    return data<LoginActionData>({ intent, sent, fields: { phone } }, { status: sent === "sent" ? 200 : 429 });
  }

  const captchaOk = () => (captchaEnabled(env) ? consumeCaptcha(db, field("captchaId"), field("captcha")) : Promise.resolve(true));
  let result;
  let fields: Record<string, string>;
  if (intent === "sms" && !admin) {
    fields = { phone: field("phone").trim() };
    if (!fields.phone || !field("code")) return data<LoginActionData>({ intent, error: "required", fields }, { status: 400 });
    if (!(await captchaOk())) return data<LoginActionData>({ intent, error: "badCaptcha", fields }, { status: 400 });
    result = await smsLogin(db, { phone: fields.phone, code: field("code") });
  } else {
    fields = { account: field("account").trim() };
    if (!fields.account || !field("password")) return data<LoginActionData>({ intent: "password", error: "required", fields }, { status: 400 });
    if (!(await captchaOk())) return data<LoginActionData>({ intent: "password", error: "badCaptcha", fields }, { status: 400 });
    result = await passwordLogin(db, { account: fields.account, password: field("password"), adminLogin: admin });
  }
  if (!result.ok) return data<LoginActionData>({ intent: intent === "sms" ? "sms" : "password", error: result.error, fields }, { status: 400 });

  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, env, db, result.user, intent === "sms" ? LOGIN_TYPE.sms : LOGIN_TYPE.password));
  for (const c of prefsCookies(await loadUserPreferences(db, result.user.id, prefs))) headers.append("Set-Cookie", c);
  if (intent !== "sms") {
    headers.append(
      "Set-Cookie",
      form.get("remember")
        ? `${REMEMBER_COOKIE}=${encodeURIComponent(fields.account!)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000`
        : `${REMEMBER_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
    );
  }
  throw redirect(redirectTo, { headers });
}
