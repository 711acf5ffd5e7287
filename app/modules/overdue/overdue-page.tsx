import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OVERDUE } from "~/modules/overdue/texts/overdue";
import { formatCents } from "~/lib/cents";
import type { Option } from "~/modules/resource/route.server";
import { buttonClass } from "~/ui/button";
import { DownloadLink } from "~/widgets/download-link";
import type { AgeingQuery } from "./ageing.server";
import { BUCKETS, OVERDUE_PATH, type AgeingRow, type Bucket } from "./overdue";
import { boxClass } from "~/ui/input";
import { FilterBar, FilterField } from "~/ui/filter-bar";
import { EmptyPanel, HeadRow, Row, Table, Td, Th, TotalRow } from "~/ui/table";

const input = `${boxClass} h-9 px-3`;

export interface OverdueListData {
  rows: AgeingRow[];
  totals: { buckets: Record<Bucket, number>; totalCents: number; interestCents: number; contracts: number };
  query: AgeingQuery;
  customers: Option[];
  people: Option[];
  due: AgeingRow[];
  canExport: boolean;
}

/** /overdueContract: the cards per bucket, the urges due for the user, the filters and the ageing table; Excel export. */
export function OverduePage() {
  const { t } = useTranslation(OVERDUE);
  const { t: tr } = useTranslation("resource");
  const { rows, totals, query, customers, people, due, canExport } = useLoaderData<OverdueListData>();
  const { search } = useLocation();
  return (
    <div className="p-4">
      <h1 className="mb-1 text-xl font-semibold text-ink">{t("title")}</h1>
      <p className="mb-3 text-xs text-muted" data-testid="overdue-includes">
        {t("includes")}
      </p>
      <div className="mb-3 grid grid-cols-3 gap-3 xl:grid-cols-6" data-testid="overdue-cards">
        {BUCKETS.map((b) => (
          <Link key={b} to={`${OVERDUE_PATH}?bucket=${b}`} className="rounded-lg border border-line bg-panel px-4 py-3 hover:border-brand">
            <div className="text-sm text-muted">{t(`buckets.${b}`)}</div>
            <div className={`text-lg font-semibold tabular-nums ${b === "over90" && totals.buckets[b] > 0 ? "text-danger" : "text-ink"}`}>{formatCents(totals.buckets[b])}</div>
          </Link>
        ))}
        <div className="rounded-lg border border-line bg-panel px-4 py-3">
          <div className="text-sm text-muted">{t("total")}</div>
          <div className="text-lg font-semibold tabular-nums text-danger">
            {formatCents(totals.totalCents)} <span className="text-xs font-normal text-muted">{t("contractsCount", { count: totals.contracts })}</span>
          </div>
        </div>
        <div className="rounded-lg border border-line bg-panel px-4 py-3">
          <div className="text-sm text-muted">{t("interest")}</div>
          <div className="text-lg font-semibold tabular-nums text-ink">{formatCents(totals.interestCents)}</div>
        </div>
      </div>
      {due.length ? (
        <section className="mb-3 rounded-lg border border-warning/60 bg-panel px-4 py-3" data-testid="due-urges">
          <h2 className="text-sm font-semibold text-ink">{t("dueUrges")}</h2>
          <p className="mb-1 text-xs text-muted">{t("dueUrgesNote")}</p>
          <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            {due.map((r) => (
              <li key={r.contractId}>
                <Link to={`${OVERDUE_PATH}/contract?id=${r.contractId}`} className="text-brand hover:underline">
                  {r.number} · {r.customerName}
                </Link>{" "}
                <span className="text-muted">
                  {t("nextUrge")} {r.nextUrgeOn}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <FilterBar label={t("search")} className="mb-3">
        <FilterField label={t("q")}>
          <input name="q" defaultValue={query.q} maxLength={50} className={`${input} w-[200px]`} />
        </FilterField>
        <FilterField label={t("bucket")}>
          <select name="bucket" defaultValue={query.bucket} className={`${input} w-[140px]`}>
            <option value="">{t("all")}</option>
            {BUCKETS.map((b) => (
              <option key={b} value={b}>
                {t(`buckets.${b}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={t("customer")}>
          <select name="customerId" defaultValue={query.customerId ?? ""} className={`${input} w-[220px]`}>
            <option value="">{t("all")}</option>
            {customers.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField label={t("person")}>
          <select name="personId" defaultValue={query.personId ?? ""} className={`${input} w-[160px]`}>
            <option value="">{t("all")}</option>
            {people.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </FilterField>
        <button type="submit" className={buttonClass({ variant: "primary" })}>
          {t("search")}
        </button>
        <Link to={OVERDUE_PATH} className={buttonClass({ variant: "ghost" })}>
          {t("reset")}
        </Link>
        {canExport ? (
          <DownloadLink href={`${OVERDUE_PATH}/export${search}`} busyText={(percent) => (percent === null ? tr("exporting") : tr("exportProgress", { percent }))} doneText={tr("exportDone")} className={buttonClass({ variant: "secondary" })} data-testid="export">
            {t("export")}
          </DownloadLink>
        ) : null}
      </FilterBar>
      <p className="mb-2 text-xs text-muted">{t("note")}</p>
      {rows.length === 0 ? (
        <EmptyPanel>{t("empty")}</EmptyPanel>
      ) : (
        <Table testId="overdue-table">
            <thead>
              <HeadRow>
                <Th dense>{t("contract")}</Th>
                <Th dense>{t("customer")}</Th>
                {BUCKETS.map((b) => (
                  <Th key={b} num>
                    {t(`buckets.${b}`)}
                  </Th>
                ))}
                <Th dense num>{t("total")}</Th>
                <Th dense num>{t("interest")}</Th>
                <Th dense>{t("person")}</Th>
                <Th dense>{t("nextUrge")}</Th>
              </HeadRow>
            </thead>
            <tbody>
              {rows.map((r) => (
                <Row key={r.contractId} data-testid="overdue-row">
                  <Td dense className="max-w-[200px] truncate" title={r.name}>
                    <Link to={`${OVERDUE_PATH}/contract?id=${r.contractId}`} className="text-brand hover:underline" data-testid="overdue-open">
                      {r.number}
                    </Link>
                    <div className="truncate text-xs text-muted">{r.name}</div>
                  </Td>
                  <Td dense className="max-w-[150px] truncate" title={r.customerName ?? ""}>
                    {r.customerName}
                  </Td>
                  {BUCKETS.map((b) => (
                    <Td key={b} dense num tone={r.buckets[b] > 0 && b !== "d30" ? "danger" : undefined}>
                      {r.buckets[b] ? formatCents(r.buckets[b]) : "—"}
                    </Td>
                  ))}
                  <Td dense num className="font-semibold">
                    {formatCents(r.totalCents)}
                  </Td>
                  <Td dense num>
                    {formatCents(r.interestCents)}
                  </Td>
                  <Td dense className="whitespace-nowrap">
                    {r.responsibleName ?? "—"}
                  </Td>
                  <Td dense className="whitespace-nowrap tabular-nums">
                    <div data-testid="next-urge">{r.nextUrgeOn ?? "—"}</div>
                    {r.lastUrgeOn ? (
                      <div className="text-xs text-muted">
                        {t("lastUrge")} {r.lastUrgeOn}
                      </div>
                    ) : null}
                  </Td>
                </Row>
              ))}
            </tbody>
            <TotalRow>
              <Td>{t("totalRow")}</Td>
              <td />
              {BUCKETS.map((b) => (
                <Td key={b} dense num>
                  {formatCents(totals.buckets[b])}
                </Td>
              ))}
              <Td dense num>
                {formatCents(totals.totalCents)}
              </Td>
              <Td dense num>
                {formatCents(totals.interestCents)}
              </Td>
              <td colSpan={2} />
            </TotalRow>
        </Table>
      )}
    </div>
  );
}
