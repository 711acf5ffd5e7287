import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CONTRACT_DOCS } from "~/modules/contracts/texts/contractDocs";
import { formatCents, percentOfBp } from "~/lib/cents";
import type { FormExtraContext } from "~/modules/resource/resource-drawers";
import { ResourcePage } from "~/modules/resource/resource-page";
import { AttachmentsField } from "~/widgets/attachments-field";
import { costView } from "./cost.resource";
import type { ContractMargin } from "./cost.server";
import { HeadRow, Row, Table, Td, Th } from "~/ui/table";

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
        <Table bare>
          <thead>
            <HeadRow>
              <Th dense>{t("cost.contract")}</Th>
              <Th dense>{t("cost.customer")}</Th>
              <Th num dense>{t("cost.value")}</Th>
              <Th num dense>{t("cost.costs")}</Th>
              <Th num dense>{t("cost.margin")}</Th>
              <Th num dense>{t("cost.marginRate")}</Th>
            </HeadRow>
          </thead>
          <tbody>
            {margins.map((m) => (
              <Row key={m.id}>
                <Td dense>
                  <Link to={`/contractEquipmentCost?contractId=${m.id}`} className="text-brand hover:underline">
                    {m.number}
                  </Link>
                </Td>
                <Td dense>{m.customer ?? ""}</Td>
                <Td num dense>{formatCents(m.valueCents)}</Td>
                <Td num dense>{formatCents(m.costCents)}</Td>
                <Td num dense tone={m.marginCents < 0 ? "danger" : undefined}>{formatCents(m.marginCents)}</Td>
                <Td num dense tone={m.marginCents < 0 ? "danger" : undefined}>{m.marginBp === null ? "—" : `${percentOfBp(m.marginBp)}%`}</Td>
              </Row>
            ))}
          </tbody>
        </Table>
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
