import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FINANCE } from "~/i18n/screen/finance";
import { formatCents } from "~/lib/cents";
import { buttonClass } from "~/ui/button";
import { DownloadLink } from "~/widgets/download-link";
import type { Option } from "~/modules/resource/route.server";
import type { CollectionQuery, MachineCollection } from "./collection.server";

const input = "h-9 rounded-md border border-line bg-panel px-3 text-ink focus:border-brand focus:outline-none";

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
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-3" aria-label={t("collection.search")}>
        <label className="flex flex-col text-sm text-ink">
          {t("collection.from")}
          <input type="date" name="from" defaultValue={query.from} className={input} />
        </label>
        <label className="flex flex-col text-sm text-ink">
          {t("collection.to")}
          <input type="date" name="to" defaultValue={query.to} className={input} />
        </label>
        <label className="flex flex-col text-sm text-ink">
          {t("collection.customer")}
          <select name="customerId" defaultValue={query.customerId ?? ""} className={`${input} w-[220px]`}>
            <option value="">{t("collection.all")}</option>
            {customers.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm text-ink">
          {t("collection.plate")}
          <input name="plate" defaultValue={query.plate} maxLength={50} className={`${input} w-[160px]`} />
        </label>
        <button type="submit" className={buttonClass({ variant: "primary" })}>
          {t("collection.search")}
        </button>
        <Link to="/equipmentPaymentCollection" className={buttonClass({ variant: "ghost" })}>
          {t("collection.reset")}
        </Link>
        <DownloadLink href={exportHref} busyText={(percent) => (percent === null ? tr("exporting") : tr("exportProgress", { percent }))} doneText={tr("exportDone")} className={buttonClass({ variant: "secondary" })} data-testid="export">
          {t("collection.export")}
        </DownloadLink>
      </Form>
      <p className="mb-2 text-xs text-muted">{t("collection.note")}</p>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-line bg-panel p-6 text-center text-sm text-muted">{t("collection.empty")}</p>
      ) : (
        <table className="w-full border-collapse rounded-lg border border-line bg-panel text-sm" data-testid="collection-table">
          <thead>
            <tr className="border-b border-line text-left text-muted">
              <th className="px-3 py-2 font-normal">{t("collection.vehicle")}</th>
              <th className="px-3 py-2 text-right font-normal">{t("collection.bills")}</th>
              <th className="px-3 py-2 text-right font-normal">{t("collection.earned")}</th>
              <th className="px-3 py-2 text-right font-normal">{t("collection.collected")}</th>
              <th className="px-3 py-2 text-right font-normal">{t("collection.outstanding")}</th>
              <th className="px-3 py-2 text-right font-normal">{t("collection.rate")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.vehicleId} className="border-b border-line/60">
                <td className="px-3 py-2">{r.plate}</td>
                <td className="px-3 py-2 text-right tabular-nums">{r.bills}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCents(r.earnedCents)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCents(r.collectedCents)}</td>
                <td className={`px-3 py-2 text-right tabular-nums ${r.outstandingCents > 0 ? "text-danger" : ""}`}>{formatCents(r.outstandingCents)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{rate(r)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold text-ink">
              <td className="px-3 py-2">{t("collection.total")}</td>
              <td className="px-3 py-2 text-right tabular-nums">{rows.reduce((s, r) => s + r.bills, 0)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCents(sum("earnedCents"))}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCents(sum("collectedCents"))}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCents(sum("outstandingCents"))}</td>
              <td className="px-3 py-2 text-right tabular-nums">{rate({ earnedCents: sum("earnedCents"), collectedCents: sum("collectedCents") })}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </div>
  );
}
