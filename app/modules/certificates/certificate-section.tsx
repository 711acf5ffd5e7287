import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { labelOf, optionLabel } from "~/lib/list/types";
import { CERT_FLAGS } from "~/modules/parties/supplier.resource";
import { CERTIFICATE_KINDS } from "./certificate.resource";
import type { VehicleCertificateRow } from "./certificate.server";

const TONE: Record<string, string> = { expired: "text-danger", expiring: "text-warning", valid: "text-success" };

/** A machine's page: its certificates, first to expire first, each flagged and opening its record; 新增证书 for it. */
export function CertificateSection({ vehicleId, rows }: { vehicleId: number; rows: VehicleCertificateRow[] }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const l = (zh: string, en: string) => labelOf({ zh, en }, lang);
  return (
    <section aria-labelledby="certificates-title" className="mb-4 rounded-lg border border-line bg-panel p-4" data-testid="vehicle-certificates">
      <div className="mb-2 flex items-center gap-3">
        <h2 id="certificates-title" className="text-base font-semibold text-ink">
          {l("证书", "Certificates")}
        </h2>
        <Link to={`/certificate/form?new=1&vehicleId=${vehicleId}`} className="ml-auto text-sm text-brand">
          {l("新增证书", "Add a certificate")}
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{l("暂无证书", "No certificate yet")}</p>
      ) : (
        <ul className="divide-y divide-line text-sm">
          {rows.map((r) => {
            const flag = CERT_FLAGS.find((f) => f.value === r.flag);
            return (
              <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
                <Link to={`/certificate/form?id=${r.id}`} className="min-w-48 text-brand hover:underline">
                  {optionLabel(CERTIFICATE_KINDS, r.kind, lang)} {r.number}
                </Link>
                {r.mandatory ? <span className="rounded bg-warning/15 px-1.5 text-xs text-warning">{l("必备", "Mandatory")}</span> : null}
                <span className="tabular-nums text-muted">{r.expiresOn ? l(`有效期至 ${r.expiresOn}`, `valid until ${r.expiresOn}`) : l("长期有效", "No expiry")}</span>
                {flag && <span className={`ml-auto ${TONE[r.flag ?? ""] ?? ""}`}>{labelOf(flag.label, lang)}</span>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
