import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AUTH } from "~/i18n/screen/auth";
import { isEmail, isMobile, isStrongPassword } from "~/lib/validators";
import { anonymousScope } from "~/modules/access/access.server";
import { resetPassword, sendCode } from "~/modules/auth/login.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { flashCookie } from "~/modules/auth/session.server";
import { Alert, Button, Field } from "~/ui/field";
import { LanguageSwitch } from "~/widgets/preference-switches";
import { readForm } from "~/lib/posted-form.server";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "重置密码", en: "Reset password" }) }];

type Errors = Partial<Record<"account" | "target" | "code" | "password" | "confirm" | "form", string>>;
type ActionData = { sent?: "sent" | "tooSoon"; errors?: Errors; fields: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  const { env, db } = anonymousScope(context);
  const form = await readForm(request);
  const f = (k: string) => String(form.get(k) ?? "").trim();
  const channel = f("channel") === "email" ? "email" : "sms";
  const fields = { account: f("account"), channel, target: f("target") };
  const errors: Errors = {};
  if (!fields.account) errors.account = "common:validation.required";
  if (channel === "sms" ? !isMobile(fields.target) : !isEmail(fields.target)) errors.target = channel === "sms" ? "common:validation.mobile" : "common:validation.email";
  if (form.get("intent") === "send") {
    if (Object.keys(errors).length) return data<ActionData>({ errors, fields }, { status: 400 });
    const sent = await sendCode(db, env, { channel, target: fields.target, purpose: "reset", account: fields.account, lang: readPreferences(request).lang });
    return data<ActionData>({ sent, fields }, { status: sent === "sent" ? 200 : 429 });
  }
  const password = String(form.get("password") ?? "");
  if (!f("code")) errors.code = "common:validation.required";
  if (!isStrongPassword(password)) errors.password = "common:validation.password";
  if (password !== String(form.get("confirm") ?? "")) errors.confirm = "common:validation.passwordMismatch";
  if (Object.keys(errors).length) return data<ActionData>({ errors, fields }, { status: 400 });
  const ok = await resetPassword(db, { account: fields.account, channel, target: fields.target, code: f("code"), password });
  if (!ok) return data<ActionData>({ errors: { code: "auth:reset.badCode" }, fields }, { status: 400 });
  return redirect("/login?l=f", { headers: { "Set-Cookie": flashCookie("passwordReset") } });
}

export default function ResetPassword() {
  const { t } = useTranslation(AUTH);
  const { t: tAny } = useTranslation();
  const result = useActionData<ActionData>();
  const busy = useNavigation().state !== "idle";
  const [channel, setChannel] = useState(result?.fields.channel ?? "sms");
  const err = (k: keyof Errors) => (result?.errors?.[k] ? tAny(result.errors[k] as never) : null);
  return (
    <main className="flex min-h-screen items-center justify-center bg-canvas p-8">
      <div className="w-[4.4rem] rounded-xl border border-line bg-panel p-10 shadow-sm">
        <div className="mb-6 flex items-center justify-between">
          <h1 className="text-2xl font-semibold">{t("reset.title")}</h1>
          <LanguageSwitch />
        </div>
        {result?.sent ? <Alert tone={result.sent === "sent" ? "info" : "error"}>{result.sent === "sent" ? t("codeSent") : t("codeTooSoon")}</Alert> : null}
        <Form method="post" replace noValidate>
          <Field id="account" name="account" label={t("reset.account")} defaultValue={result?.fields.account} error={err("account")} autoComplete="username" maxLength={30} />
          <fieldset className="mb-4">
            <legend className="mb-1 text-sm font-medium">{t("reset.channel")}</legend>
            <div className="flex gap-6 text-sm">
              {(["sms", "email"] as const).map((c) => (
                <label key={c} className="flex items-center gap-2">
                  <input type="radio" name="channel" value={c} checked={channel === c} onChange={() => setChannel(c)} />
                  {c === "sms" ? t("reset.bySms") : t("reset.byEmail")}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex items-end gap-2">
            <div className="flex-1">
              <Field id="target" name="target" label={t("reset.target")} placeholder={t("reset.targetPlaceholder")} defaultValue={result?.fields.target} error={err("target")} />
            </div>
            <Button type="submit" name="intent" value="send" variant="ghost" className="mb-4" disabled={busy}>
              {t("sendCode")}
            </Button>
          </div>
          <Field id="code" name="code" label={t("reset.code")} inputMode="numeric" maxLength={6} autoComplete="one-time-code" error={err("code")} />
          <Field id="password" name="password" type="password" label={t("reset.newPassword")} hint={t("reset.rules")} maxLength={20} autoComplete="new-password" error={err("password")} />
          <Field id="confirm" name="confirm" type="password" label={t("reset.confirmPassword")} maxLength={20} autoComplete="new-password" error={err("confirm")} />
          <Button type="submit" name="intent" value="reset" className="w-full" disabled={busy}>
            {t("reset.submit")}
          </Button>
        </Form>
        <Link to="/login" className="mt-6 inline-block text-sm text-brand hover:underline">
          {t("reset.backToLogin")}
        </Link>
      </div>
    </main>
  );
}
