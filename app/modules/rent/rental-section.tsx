import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RENT } from "~/modules/rent/texts/rent";
import { contractHref, contractStateName } from "./board";
import type { VehicleRental } from "./rental-history.server";

/** A machine's current contract and its rental history, on /deviceDetails; each links to its contract. */
export function RentalSection({ rental }: { rental: VehicleRental }) {
  const { t, i18n } = useTranslation(RENT);
  const { current, lines } = rental;
  return (
    <section aria-labelledby="rental-title" className="mb-4 rounded-lg border border-line bg-panel p-4" data-testid="vehicle-rental">
      <h2 id="rental-title" className="mb-3 text-base font-semibold text-ink">
        {t("history.title")}
      </h2>
      <h3 className="mb-2 text-sm font-medium text-muted">{t("history.current")}</h3>
      {current ? (
        <dl className="mb-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm md:grid-cols-4" data-testid="current-contract">
          <div>
            <dt className="text-muted">{t("history.number")}</dt>
            <dd className="mt-0.5">
              <Link to={contractHref(current.contractId)} className="text-brand">
                {current.number}
              </Link>
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t("history.customer")}</dt>
            <dd className="mt-0.5 text-ink">{current.customer ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-muted">{t("history.site")}</dt>
            <dd className="mt-0.5 break-all text-ink">{current.site ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-muted">{t("history.since")}</dt>
            <dd className="mt-0.5 text-ink">
              {current.from}{" "}
              <Link to={`/outcarRecord?new=1&lineId=${current.lineId}`} className="ml-2 text-brand">
                {t("history.record")}
              </Link>
            </dd>
          </div>
        </dl>
      ) : (
        <p className="mb-4 text-sm text-muted">{t("history.none")}</p>
      )}
      <h3 className="mb-2 text-sm font-medium text-muted">{t("history.history")}</h3>
      {lines.length ? (
        <table className="w-full text-left text-sm" data-testid="rental-history">
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1 pr-4 font-normal">{t("history.number")}</th>
              <th scope="col" className="py-1 pr-4 font-normal">{t("history.customer")}</th>
              <th scope="col" className="py-1 pr-4 font-normal">{t("history.since")}</th>
              <th scope="col" className="py-1 pr-4 font-normal">{t("history.until")}</th>
              <th scope="col" className="py-1 font-normal">{t("history.state")}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.lineId} className="border-t border-line">
                <td className="py-1 pr-4">
                  <Link to={contractHref(l.contractId)} className="text-brand">
                    {l.number}
                  </Link>{" "}
                  <span className="text-muted">
                    {t("history.line")} {l.lineNo}
                  </span>
                </td>
                <td className="py-1 pr-4 text-ink">{l.customer ?? "—"}</td>
                <td className="py-1 pr-4 text-ink">{l.from}</td>
                <td className="py-1 pr-4 text-ink">{l.to ?? t("history.open")}</td>
                <td className="py-1 text-ink">{contractStateName(l.state, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-muted">{t("history.noHistory")}</p>
      )}
    </section>
  );
}
