import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useMessage } from "~/i18n/message";
import { SETTINGS_CHECKS } from "~/i18n/screen/settings-checks";
import { FormField, LocationField } from "~/modules/resource/resource-drawers";
import { labelOf } from "~/lib/list/types";
import { Alert, Button } from "~/ui/field";
import { FlashToast } from "~/widgets/toast";
import type { SettingsActionData } from "./settings.server";
import type { SettingsView } from "./settings-types";

type LoaderData = { values: Record<string, unknown>; version: number; options: Record<string, { value: string; label: string }[]>; canEdit: boolean; flash: "saved" | null };

/** The generic settings form: saved values (secrets masked), the server's messages, typed values kept on error. */
export function SettingsPage({ view, renderField, tabs }: { view: SettingsView; renderField?: (key: string, value: string, error: string | null) => ReactNode | undefined; tabs?: ReactNode }) {
  const data = useLoaderData<LoaderData>();
  const action = useActionData<SettingsActionData>();
  const navigation = useNavigation();
  const { t, i18n } = useTranslation("resource");
  // the settings refusals join the common namespace with this chunk (the server sends them as settingsCheck.<key>)
  useTranslation(SETTINGS_CHECKS);
  const message = useMessage();
  const lang = i18n.language;
  const posted = action && "errors" in action ? action : null;
  const errors = posted?.errors ?? {};
  const value = (k: string) => {
    const v = posted ? posted.values[k] : data.values[k];
    // on/off settings are stored as booleans and shown as the select's "1"/"0"
    return Array.isArray(v) ? v.join(",") : v == null ? "" : typeof v === "boolean" ? (v ? "1" : "0") : String(v);
  };
  return (
    <>
      {tabs}
      <div className="p-4">
      <h1 className="mb-3 text-xl font-semibold text-ink">{labelOf(view.title, lang)}</h1>
      {view.intro ? <p className="mb-3 max-w-3xl text-sm text-muted">{labelOf(view.intro, lang)}</p> : null}
      <FlashToast message={data.flash === "saved" ? message("operationSuccess") : null} token={data} />
      {action && "tested" in action ? <Alert tone="success">{message("system:mail.testSent").replace("{{count}}", String(action.tested))}</Alert> : null}
      {errors.form ? <Alert tone="error">{message(errors.form)}</Alert> : null}
      <Form method="post" className="max-w-3xl rounded-lg border border-line bg-panel p-5" noValidate data-testid="settings-form">
        <input type="hidden" name="version" value={data.version} />
        <fieldset disabled={!data.canEdit} className="grid grid-cols-2 gap-x-4">
          {view.fields.map((f) => {
            const error = errors[f.key] ? message(errors[f.key]!) : null;
            if (f.type === "location") return <LocationField key={f.key} field={f} value={value} error={(k) => (errors[k] ? message(errors[k]!) : null)} lang={lang} />;
            return renderField?.(f.key, value(f.key), error) ?? <FormField key={f.key} field={f} value={value(f.key)} error={error} options={data.options[f.key]} lang={lang} />;
          })}
        </fieldset>
        {data.canEdit ? (
          <div className="mt-2 flex justify-end gap-2 border-t border-line pt-4">
            {view.actions?.map((a) => (
              <Button key={a.intent} type="submit" name="intent" value={a.intent} variant="ghost">
                {labelOf(a.label, lang)}
              </Button>
            ))}
            <Button type="submit" name="intent" value="save" disabled={navigation.state === "submitting"}>
              {t("save")}
            </Button>
          </div>
        ) : null}
      </Form>
      </div>
    </>
  );
}
