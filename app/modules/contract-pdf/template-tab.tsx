import { useTranslation } from "react-i18next";
import { CONTRACT_DOCS } from "~/modules/contracts/texts/contractDocs";
import { labelOf } from "~/lib/list/types";
import { SettingsPage } from "~/modules/settings/settings-page";
import { TenantConfigTabs } from "~/modules/workflow/tenant-config-tabs";
import { FieldNotes } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { contractPdfView } from "./settings";
import { BLOCKS, PLACEHOLDERS } from "./template";

/** /tenantConfig/contractPdf: the two templates as tall monospace boxes, with the placeholders and blocks listed beside them. */
export function ContractTemplatePage() {
  const { t, i18n } = useTranslation(CONTRACT_DOCS);
  return (
    <SettingsPage
      view={contractPdfView}
      tabs={<TenantConfigTabs />}
      renderField={(key, value, error) => {
        const field = contractPdfView.fields.find((f) => f.key === key)!;
        const id = `template-${key}`;
        return (
          <div key={key} className="col-span-2 mb-4">
            <label htmlFor={id} className="mb-1 block text-sm text-ink">
              {labelOf(field.label, i18n.language)}
            </label>
            <Textarea id={id} name={key} defaultValue={value} rows={16} spellCheck={false} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className="font-mono text-sm leading-5" />
            <FieldNotes id={id} error={error} />
            {key === "templateEn" ? (
              <div className="mt-3 grid gap-2 text-xs text-muted" data-testid="template-placeholders">
                <p>
                  <span className="font-medium text-ink">{t("template.placeholders")}</span>
                  {PLACEHOLDERS.map((p) => `{{${p}}}`).join("  ")}
                </p>
                <p>
                  <span className="font-medium text-ink">{t("template.blocks")}</span>
                  {BLOCKS.map((b) => `{{block:${b}}}`).join("  ")}
                </p>
              </div>
            ) : null}
          </div>
        );
      }}
    />
  );
}
