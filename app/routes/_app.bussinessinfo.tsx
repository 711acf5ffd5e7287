import type { MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { labelOf } from "~/lib/list/types";
import { SettingsPage } from "~/modules/settings/settings-page";
import { businessInfoView } from "~/modules/settings/settings.views";
import { RouteErrorBoundary } from "~/ui/error-state";
import { FieldNotes } from "~/ui/field";
import { Upload } from "~/widgets/upload";
import { pageTitle } from "~/lib/page-title";

export { settingsScreenAction as action, settingsScreenLoader as loader } from "~/modules/screens/settings-screen.server";

// the logo the company's members all see (api.businessInfo.logo.ts), not a download address
const LOGO_URL = "/api/businessInfo/logo";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "企业信息", en: "Company Information" }) }];

/** 企业信息: the settings form with the logo as a one-image upload. */
export default function BusinessInfo() {
  const { i18n } = useTranslation();
  const logoField = businessInfoView.fields.find((f) => f.key === "logoFileId")!;
  return (
    <SettingsPage
      view={businessInfoView}
      renderField={(key, value, error) =>
        key === "logoFileId" ? (
          <div key={key} className="col-span-2 mb-4">
            <p className="mb-1 text-sm font-medium text-ink">{labelOf(logoField.label, i18n.language)}</p>
            <Upload id="logo" name="logoFileId" variant="picture-card" kind="image" limit={1} defaultFiles={value ? [{ id: Number(value), name: "logo", url: LOGO_URL }] : []} />
            <FieldNotes id="logo" hint={logoField.hint ? labelOf(logoField.hint, i18n.language) : null} error={error} />
          </div>
        ) : undefined
      }
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
