import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AUTH } from "~/i18n/screen/auth";
import { Alert, Button, Field } from "~/ui/field";
import { LanguageSwitch } from "~/widgets/preference-switches";
import type { LoginActionData, loginLoader } from "./login-route.server";

/** /login and /loginAdmin: account + password + captcha, or phone + SMS code (staff only). */
export function LoginPage({ admin }: { admin: boolean }) {
  const { t } = useTranslation(AUTH);
  const { t: tc } = useTranslation("common");
  const loaderData = useLoaderData<typeof loginLoader>();
  const actionData = useActionData<LoginActionData>();
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state !== "idle";
  const mode = admin ? "password" : loaderData.mode;
  const fields = actionData?.fields ?? {};
  // the server words a refusal in the user's language (a wait says how long); the key is the fallback
  const error = actionData && "error" in actionData ? (("message" in actionData && actionData.message) || t(`errors.${actionData.error}`)) : null;
  const flashText =
    loaderData.flash === "sessionExpired" ? tc("sessionExpired") : loaderData.flash === "signedOut" ? t("signedOut") : loaderData.flash === "passwordReset" ? t("reset.done") : null;
  const search = new URLSearchParams(location.search);
  const modeLink = (m: "password" | "sms") => {
    const p = new URLSearchParams(search);
    if (m === "sms") p.set("mode", "sms");
    else p.delete("mode");
    return `${location.pathname}?${p}`;
  };
  const sms = actionData?.intent === "sendSms" ? actionData.sent : null;

  return (
    <div className="flex min-h-screen bg-canvas">
      <section className="relative hidden w-[45%] flex-col justify-between overflow-hidden bg-aside p-12 text-aside-ink lg:flex">
        <div className="text-2xl font-semibold text-white">{tc("appShort")}</div>
        <div>
          <svg viewBox="0 0 320 200" className="mb-8 w-4/5 opacity-90" aria-hidden="true">
            <path d="M40 190h240" stroke="currentColor" strokeWidth="4" />
            <path d="M90 190V40M90 40h190M90 40l-50 20h50M120 40L90 70M150 40l-30 30M180 40l-30 30M210 40l-30 30M240 40l-30 30" stroke="currentColor" strokeWidth="3" fill="none" />
            <path d="M250 40v70" stroke="currentColor" strokeWidth="2" />
            <rect x="238" y="110" width="24" height="16" fill="currentColor" />
            <rect x="70" y="150" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="3" />
          </svg>
          <h1 className="text-3xl font-semibold text-white">{tc("appName")}</h1>
          <p className="mt-3 text-lg">{t("subtitle")}</p>
        </div>
        <div className="text-sm opacity-70">© Derrick</div>
      </section>
      <main className="flex flex-1 items-center justify-center p-8">
        <div className="w-[4.2rem] rounded-xl border border-line bg-panel p-10 shadow-sm">
          <div className="mb-6 flex items-center justify-between">
            <h2 className="text-2xl font-semibold">{admin ? t("adminTitle") : t("title")}</h2>
            <LanguageSwitch />
          </div>
          {!admin ? (
            <nav className="mb-6 flex gap-6 border-b border-line" aria-label={t("title")}>
              {(["password", "sms"] as const).map((m) => (
                <Link
                  key={m}
                  to={modeLink(m)}
                  replace
                  aria-current={mode === m ? "page" : undefined}
                  className={`-mb-px border-b-2 pb-2 ${mode === m ? "border-brand text-brand" : "border-transparent text-muted hover:text-ink"}`}
                >
                  {m === "password" ? t("tabPassword") : t("tabSms")}
                </Link>
              ))}
            </nav>
          ) : null}
          {flashText ? <Alert tone={loaderData.flash === "sessionExpired" ? "error" : "success"}>{flashText}</Alert> : null}
          {error ? <Alert tone="error">{error}</Alert> : null}
          {sms ? <Alert tone={sms === "sent" ? "info" : "error"}>{sms === "sent" ? t("codeSent") : sms === "tooSoon" ? t("codeTooSoon") : tc("validation.mobile")}</Alert> : null}
          <Form method="post" replace>
            {mode === "password" ? (
              <>
                <Field id="account" name="account" label={t("account")} placeholder={t("accountPlaceholder")} autoComplete="username" defaultValue={fields.account ?? loaderData.rememberedAccount} required maxLength={30} autoFocus={!loaderData.rememberedAccount} />
                <Field id="password" name="password" type="password" label={t("password")} placeholder={t("passwordPlaceholder")} autoComplete="current-password" required maxLength={20} autoFocus={!!loaderData.rememberedAccount} />
              </>
            ) : (
              <>
                <Field id="phone" name="phone" type="tel" label={t("phone")} placeholder={t("phonePlaceholder")} autoComplete="tel" defaultValue={fields.phone ?? ""} maxLength={11} />
                <div className="flex items-end gap-2">
                  <div className="flex-1">
                    <Field id="code" name="code" label={t("smsCode")} placeholder={t("smsCodePlaceholder")} autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
                  </div>
                  <Button type="submit" name="intent" value="sendSms" variant="ghost" className="mb-4" formNoValidate disabled={busy}>
                    {t("sendCode")}
                  </Button>
                </div>
              </>
            )}
            {loaderData.captcha ? (
              <div className="flex items-end gap-3">
                <div className="flex-1">
                  <Field id="captcha" name="captcha" label={t("captcha")} placeholder={t("captchaPlaceholder")} autoComplete="off" maxLength={4} required={mode === "password"} />
                </div>
                <input type="hidden" name="captchaId" value={loaderData.captcha.id} />
                <Link to={location.pathname + location.search} replace className="mb-4 block shrink-0" title={t("captchaRefresh")} aria-label={t("captchaRefresh")}>
                  <img alt={t("captchaImage")} data-testid="captcha" width={120} height={40} src={`data:image/svg+xml;utf8,${encodeURIComponent(loaderData.captcha.svg)}`} />
                </Link>
              </div>
            ) : null}
            {mode === "password" ? (
              <label className="mb-4 flex items-center gap-2 text-sm text-muted">
                <input type="checkbox" name="remember" value="1" defaultChecked={!!loaderData.rememberedAccount} /> {t("remember")}
              </label>
            ) : null}
            <Button type="submit" name="intent" value={mode === "sms" ? "sms" : "password"} className="w-full" disabled={busy}>
              {t("submit")}
            </Button>
          </Form>
          <div className="mt-6 flex justify-between text-sm">
            <Link to="/resetPassword" className="text-brand hover:underline">
              {t("forgot")}
            </Link>
            <Link to={admin ? "/login" : "/loginAdmin"} className="text-muted hover:text-brand">
              {admin ? t("userLink") : t("adminLink")}
            </Link>
          </div>
        </div>
      </main>
    </div>
  );
}
