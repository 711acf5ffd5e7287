import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CONTRACT_DOCS } from "~/i18n/screen/contractDocs";
import { formatCents, percentOfBp } from "~/lib/cents";
import type { FormExtraContext } from "~/modules/resource/resource-drawers";
import { ResourcePage } from "~/modules/resource/resource-page";
import { AttachmentsField } from "~/widgets/attachments-field";
import { costView } from "./cost.resource";
import type { ContractMargin } from "./cost.server";

/** The cost's scans (invoices, receipts). */
function CostAttachments(ctx: FormExtraContext) {
  const { t } = useTranslation(CONTRACT_DOCS);
  return <AttachmentsField {...ctx} label={t("cost.attachments")} />;
}

/** Each contract's value, costs and margin: the contract filtered on, or those with the latest costs. */
function MarginTable({ margins, filtered }: { margins: ContractMargin[]; filtered: boolean }) {
  const { t } = useTranslation(CONTRACT_DOCS);
  return (
    <section className="mx-4 mb-4 rounded-lg border border-line bg-panel p-3" aria-labelledby="cost-margins" data-testid="cost-margins">
      <h2 id="cost-margins" className="mb-2 text-sm font-semibold text-ink">
        {filtered ? t("cost.marginOne") : t("cost.marginLatest")}
      </h2>
      {margins.length === 0 ? (
        <p className="text-sm text-muted">{t("cost.noMargins")}</p>
      ) : (
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr className="border-b border-line text-left text-muted">
              <th className="py-1 pr-3 font-normal">{t("cost.contract")}</th>
              <th className="py-1 pr-3 font-normal">{t("cost.customer")}</th>
              <th className="py-1 pr-3 text-right font-normal">{t("cost.value")}</th>
              <th className="py-1 pr-3 text-right font-normal">{t("cost.costs")}</th>
              <th className="py-1 pr-3 text-right font-normal">{t("cost.margin")}</th>
              <th className="py-1 text-right font-normal">{t("cost.marginRate")}</th>
            </tr>
          </thead>
          <tbody>
            {margins.map((m) => (
              <tr key={m.id} className="border-b border-line/60 last:border-0">
                <td className="py-1 pr-3">
                  <Link to={`/contractEquipmentCost?contractId=${m.id}`} className="text-brand hover:underline">
                    {m.number}
                  </Link>
                </td>
                <td className="py-1 pr-3">{m.customer ?? ""}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatCents(m.valueCents)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatCents(m.costCents)}</td>
                <td className={`py-1 pr-3 text-right tabular-nums ${m.marginCents < 0 ? "text-danger" : ""}`}>{formatCents(m.marginCents)}</td>
                <td className={`py-1 text-right tabular-nums ${m.marginCents < 0 ? "text-danger" : ""}`}>{m.marginBp === null ? "—" : `${percentOfBp(m.marginBp)}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {filtered ? (
        <Link to="/contractEquipmentCost" className="mt-2 inline-block text-sm text-brand">
          {t("cost.allContracts")}
        </Link>
      ) : null}
    </section>
  );
}

/** /contractEquipmentCost: the cost register, each contract's margin under it. */
export function ContractCostPage() {
  const { margins, filtered } = useLoaderData<{ margins: ContractMargin[]; filtered: boolean }>();
  return (
    <>
      <ResourcePage view={costView} formExtra={(ctx) => <CostAttachments {...ctx} />} />
      <MarginTable margins={margins} filtered={filtered} />
    </>
  );
}
