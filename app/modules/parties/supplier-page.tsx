import { useTranslation } from "react-i18next";
import { PARTIES } from "~/modules/parties/texts/parties";
import { ResourcePage } from "~/modules/resource/resource-page";
import { Upload } from "~/widgets/upload";
import { AttachmentsField, CertificateFlag, DetailTable } from "./party-form";
import type { supplierDetail } from "./supplier.server";
import type { SupplierView } from "./supplier.resource";

/** /supplier and /supplier-tower: the list, the form with contacts and certificates, the detail with the certificates flagged. */
export function SupplierPage({ view, detail }: { view: SupplierView; detail: Awaited<ReturnType<typeof supplierDetail>> | null }) {
  const { t } = useTranslation(PARTIES);
  return (
    <ResourcePage
      view={view}
      formExtra={(ctx) => <AttachmentsField {...ctx} />}
      detail={
        detail ? (
          <>
            <DetailTable
              caption={t("supplier.certificates")}
              head={[t("supplier.certName"), t("supplier.certNumber"), t("supplier.certIssuer"), t("supplier.certValidUntil"), ""]}
              rows={detail.certificates.map((c) => [
                c.name,
                c.number ?? "—",
                c.issuer ?? "—",
                <span key="d" className={c.flag === "expired" ? "text-danger" : c.flag === "expiring" ? "text-warning" : ""}>
                  {c.expiresOn ?? "—"}
                </span>,
                <CertificateFlag key="f" flag={c.flag} />,
              ])}
              empty={t("supplier.noCertificates")}
              testId="supplier-certificates"
            />
            <DetailTable caption={t("customer.contacts")} head={[t("customer.contactName"), t("customer.contactPhone"), t("customer.contactRole")]} rows={detail.contacts.map((c) => [c.name, c.phone, c.role])} empty={t("customer.noContacts")} />
            {detail.files.length ? (
              <section className="mb-4">
                <h3 className="mb-1 text-sm font-medium text-ink">{t("customer.attachments")}</h3>
                <Upload name="attachments" readOnly defaultFiles={detail.files} />
              </section>
            ) : null}
          </>
        ) : null
      }
    />
  );
}
