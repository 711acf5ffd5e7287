import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FINANCE } from "~/modules/finance/texts/finance";
import { formatCents } from "~/lib/cents";
import { buttonClass } from "~/ui/button";
import { DownloadLink } from "~/widgets/download-link";
import type { Option } from "~/modules/resource/route.server";
import type { CollectionQuery, MachineCollection } from "./collection.server";
import { boxClass } from "~/ui/input";
import { FilterBar, FilterField } from "~/ui/filter-bar";
import { EmptyPanel, HeadRow, Row, Table, Td, Th, TotalRow } from "~/ui/table";

const input = `${boxClass} h-9 px-3`;

/** /equipmentPaymentCollection: per machine over a period, billed, collected (pro rata) and outstanding; Excel export. */
export function CollectionPage() {
  const { t } = useTranslation(FINANCE);
  const { t: tr } = useTranslation("resource");
  const { rows, query, customers } = useLoaderData<{ rows: MachineCollection[]; query: CollectionQuery; customers: Option[] }>();
  const { search } = useLocation();
  const sum = (k: "earnedCents" | "collectedCents" | "outstandingCents") => rows.reduce((s, r) => s + r[k], 0);
  const rate = (r: { earnedCents: number; collectedCents: number }) => (r.earnedCents > 0 ? `${((r.collectedCents * 100) / r.earnedCents).toFixed(1)}%` : "—");
  const exportHref = `/equipmentPaymentCollection/export${search}`;
  return (
    <div className="p-4">
      <h1 className="mb-3 text-xl font-semibold text-ink">{t("collection.title")}</h1>
      <FilterBar label={t("collection.search")} className="mb-3">
        <FilterField label={t("collection.from")}>
          <input type="date" name="from" defaultValue={query.from} className={input} />
        </FilterField>
        <FilterField label={t("collection.to")}>
          <input type="date" name="to" defaultValue={query.to} className={input} />
        </FilterField>
        <FilterField label={t("collection.customer")}>
          <select name="customerId" defaultValue={query.customerId ?? ""} className={`${input} w-[220px]`}>
            <option value="">{t("collection.all")}</option>
            {customers.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={t("collection.plate")}>
          <input name="plate" defaultValue={query.plate} maxLength={50} className={`${input} w-[160px]`} />
        </FilterField>
        <button type="submit" className={buttonClass({ variant: "primary" })}>
          {t("collection.search")}
        </button>
        <Link to="/equipmentPaymentCollection" className={buttonClass({ variant: "ghost" })}>
          {t("collection.reset")}
        </Link>
        <DownloadLink href={exportHref} busyText={(percent) => (percent === null ? tr("exporting") : tr("exportProgress", { percent }))} doneText={tr("exportDone")} className={buttonClass({ variant: "secondary" })} data-testid="export">
          {t("collection.export")}
        </DownloadLink>
      </FilterBar>
      <p className="mb-2 text-xs text-muted">{t("collection.note")}</p>
      {rows.length === 0 ? (
        <EmptyPanel>{t("collection.empty")}</EmptyPanel>
      ) : (
        <Table testId="collection-table">
          <thead>
            <HeadRow>
              <Th>{t("collection.vehicle")}</Th>
              <Th num>{t("collection.bills")}</Th>
              <Th num>{t("collection.earned")}</Th>
              <Th num>{t("collection.collected")}</Th>
              <Th num>{t("collection.outstanding")}</Th>
              <Th num>{t("collection.rate")}</Th>
            </HeadRow>
          </thead>
          <tbody>
            {rows.map((r) => (
              <Row key={r.vehicleId}>
                <Td>{r.plate}</Td>
                <Td num>{r.bills}</Td>
                <Td num>{formatCents(r.earnedCents)}</Td>
                <Td num>{formatCents(r.collectedCents)}</Td>
                <Td num tone={r.outstandingCents > 0 ? "danger" : undefined}>
                  {formatCents(r.outstandingCents)}
                </Td>
                <Td num>{rate(r)}</Td>
              </Row>
            ))}
          </tbody>
          <TotalRow>
            <Td>{t("collection.total")}</Td>
            <Td num>{rows.reduce((s, r) => s + r.bills, 0)}</Td>
            <Td num>{formatCents(sum("earnedCents"))}</Td>
            <Td num>{formatCents(sum("collectedCents"))}</Td>
            <Td num>{formatCents(sum("outstandingCents"))}</Td>
            <Td num>{rate({ earnedCents: sum("earnedCents"), collectedCents: sum("collectedCents") })}</Td>
          </TotalRow>
        </Table>
      )}
    </div>
  );
}
