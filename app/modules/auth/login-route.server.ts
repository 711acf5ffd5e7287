import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getDb } from "../../../db/client";
import type { Language } from "~/i18n";
import { resources } from "~/i18n/resources";
import { isMobile } from "~/lib/validators";
import { createCaptcha, consumeCaptcha } from "./captcha.server";
import { LOGIN_TYPE, passwordLogin, sendCode, smsLogin, type LoginError, type LoginResult } from "./login.server";
import { loadUserPreferences, prefsCookies, readPreferences } from "./preferences.server";
import { rawCookie, readFlash, readSession, safeRedirectPath, startSession } from "./session.server";
import { signInSource } from "./throttle.server";
import { readForm } from "~/lib/posted-form.server";

const REMEMBER_COOKIE = "derrick_remember";

function rememberedAccount(request: Request): string {
  const raw = rawCookie(request, REMEMBER_COOKIE);
  return raw ? decodeURIComponent(raw) : "";
}

export function captchaEnabled(env: { CAPTCHA?: string }): boolean {
  return env.CAPTCHA !== "off";
}

export type SignInRefusal = LoginError | "badCaptcha" | "required";

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));

/** "30秒", "2 minutes": a wait rounded up to whole seconds under a minute, else to whole minutes. */
function waitText(lang: Language, ms: number): string {
  const w = resources[lang].auth.wait;
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return fill(seconds === 1 ? w.second : w.seconds, { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  return fill(minutes === 1 ? w.minute : w.minutes, { count: minutes });
}

/** A sign-in refusal as a sentence in the user's language; a wait says when to try again. */
export function refusalMessage(lang: Language, error: SignInRefusal, retryAfterMs?: number): string {
  const errors = resources[lang].auth.errors;
  return error === "locked" && retryAfterMs ? fill(errors.lockedWait, { wait: waitText(lang, retryAfterMs) }) : errors[error];
}

/** 429 with Retry-After (seconds) for a source that must wait, else 400. */
export function refusalStatus(result: { error: SignInRefusal; retryAfterMs?: number }): { status: number; headers?: Record<string, string> } {
  if (result.error !== "locked" || !result.retryAfterMs) return { status: 400 };
  return { status: 429, headers: { "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)) } };
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
  | { intent: "password" | "sms"; error: SignInRefusal; message: string; retryAfter?: number; fields: Record<string, string> }
  | { intent: "sendSms"; sent: "sent" | "tooSoon" | "invalidPhone"; fields: Record<string, string> };

/** Action shared by /login and /loginAdmin (intent: password | sendSms | sms). */
export async function loginAction({ request, context }: ActionFunctionArgs, admin: boolean) {
  const env = context.cloudflare.env;
  const db = getDb(env);
  const form = await readForm(request);
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
  const from = { source: signInSource(request), env };
  const sms = intent === "sms" && !admin;
  const fields: Record<string, string> = sms ? { phone: field("phone").trim() } : { account: field("account").trim() };
  const refuse = (error: SignInRefusal, retryAfterMs?: number) =>
    data<LoginActionData>(
      { intent: sms ? "sms" : "password", error, message: refusalMessage(prefs.lang, error, retryAfterMs), retryAfter: retryAfterMs ? Math.ceil(retryAfterMs / 1000) : undefined, fields },
      refusalStatus({ error, retryAfterMs }),
    );
  if (sms ? !fields.phone || !field("code") : !fields.account || !field("password")) return refuse("required");
  if (!(await captchaOk())) return refuse("badCaptcha");
  const result: LoginResult = sms
    ? await smsLogin(db, { phone: fields.phone!, code: field("code") }, from)
    : await passwordLogin(db, { account: fields.account!, password: field("password"), adminLogin: admin }, from);
  if (!result.ok) return refuse(result.error, result.retryAfterMs);

  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, env, db, result.user, sms ? LOGIN_TYPE.sms : LOGIN_TYPE.password));
  for (const c of prefsCookies(await loadUserPreferences(db, result.user.id, prefs))) headers.append("Set-Cookie", c);
  if (!sms) {
    headers.append(
      "Set-Cookie",
      form.get("remember")
        ? `${REMEMBER_COOKIE}=${encodeURIComponent(fields.account!)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000`
        : `${REMEMBER_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
    );
  }
  throw redirect(redirectTo, { headers });
}
