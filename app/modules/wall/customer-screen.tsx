import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatCents } from "~/lib/cents";
import { LiveCounts, TrendPanel } from "./fleet-panels";
import { useWallLive } from "./use-wall-live";
import { useWallRefresh } from "./use-wall-refresh";
import { Kpi, WallFrame, WallPanel } from "./wall-frame";
import { WallMap } from "./wall-map";
import { formatOne as fmt1, type CustomerFigures, type WallFigures } from "./wall";
import { WALL } from "./texts/wall";
import { STATEMENT_STATE } from "../../../db/states";
import { MAX_WATCH_VEHICLES } from "../../../workers/fleet-hub/protocol";

export interface CustomerScreenData {
  figures: WallFigures;
  customer: CustomerFigures | null;
  /** staff choose the customer (the link's screen has its own) */
  choices: { id: number; name: string }[] | null;
  link: string | null;
  light: boolean;
  /** /customerScreenInfo: the figures without the map, in larger type */
  info: boolean;
}


/**
 * 客户大屏 and 客户信息大屏: a customer's own screen. Only their machines on rent today (live on the map and in the
 * counts), each machine's hours and days on site this month, their latest statement and what is unpaid. Staff reach it
 * through the menu and choose the customer; the customer through a screen link, which shows nothing else.
 */
export function CustomerScreen({ data }: { data: CustomerScreenData }) {
  const { t } = useTranslation(WALL);
  const { figures, customer } = data;
  // a link's socket sees only its customer's machines; staff watch the chosen customer's (an empty list: none)
  const { store, connection, heardAt } = useWallLive(data.link, data.link ? null : figures.vehicles.map((v) => v[0]).slice(0, MAX_WATCH_VEHICLES));
  useWallRefresh();
  const title = t(data.info ? "customer.infoTitle" : "customer.title");
  const hoursMonth = customer ? customer.machines.reduce((s, m) => s + m.hoursMonth, 0) : 0;
  const subtitle = data.choices ? <CustomerPicker choices={data.choices} current={customer?.customerId ?? null} /> : customer?.name;
  return (
    <WallFrame title={title} subtitle={subtitle} connection={connection} heardAt={heardAt} timeZone={figures.timeZone} light={data.light} testId={data.info ? "customer-info-screen" : "customer-screen"}>
      {!customer ? (
        <p className="flex h-full items-center justify-center text-2xl text-muted">{t("customer.pickHint")}</p>
      ) : (
        <div className={`grid h-full gap-4 ${data.info ? "grid-cols-[3.84rem_minmax(0,1fr)]" : "grid-cols-[3.84rem_minmax(0,1fr)_5.44rem]"}`}>
          <div className="flex min-h-0 flex-col gap-4">
            <LiveCounts store={store} machines={figures.vehicles.length} />
            <div className="grid grid-cols-1 gap-3">
              <Kpi label={`${t("customer.hoursMonth")} · ${t("customer.month", { month: customer.month })}`} value={fmt1(hoursMonth)} tone="brand" testId="kpi-hours-month" />
              <Kpi label={t("customer.owed")} value={`¥${formatCents(customer.owedCents)}`} tone={customer.owedCents > 0 ? "warning" : undefined} testId="kpi-owed" />
            </div>
            <StatementPanel customer={customer} />
          </div>
          {data.info ? (
            <div className="flex min-h-0 flex-col gap-4">
              <MachinesPanel customer={customer} large />
              <div className="flex h-[3.52rem] shrink-0">
                <TrendPanel figures={figures} />
              </div>
            </div>
          ) : (
            <>
              <div className="relative min-h-0 overflow-hidden rounded-lg border border-line">
                <WallMap store={store} config={figures.mapConfig} icons={figures.icons} dark={!data.light} />
              </div>
              <div className="flex min-h-0 flex-col gap-4">
                <MachinesPanel customer={customer} />
                <div className="flex h-[2.88rem] shrink-0">
                  <TrendPanel figures={figures} />
                </div>
              </div>
            </>
          )}
        </div>
      )}
    </WallFrame>
  );
}

function CustomerPicker({ choices, current }: { choices: { id: number; name: string }[]; current: number | null }) {
  const { t } = useTranslation(WALL);
  return (
    <Form method="get" className="flex items-center gap-2">
      <label htmlFor="wall-customer" className="sr-only">
        {t("customer.pickLabel")}
      </label>
      <select id="wall-customer" name="customer" defaultValue={current ?? ""} className="max-w-[3.2rem] rounded-md border border-line bg-canvas px-2 py-1 text-base text-ink" onChange={(e) => e.currentTarget.form?.requestSubmit()}>
        <option value="">{t("customer.pick")}</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border border-line px-2 py-1">
          {t("customer.pick")}
        </button>
      </noscript>
    </Form>
  );
}

function MachinesPanel({ customer, large }: { customer: CustomerFigures; large?: boolean }) {
  const { t } = useTranslation(WALL);
  return (
    <WallPanel title={`${t("customer.machines")} (${customer.machines.length})`} className="flex-1" testId="customer-machines">
      {customer.machines.length === 0 ? (
        <p className="py-6 text-center text-lg text-muted">{t("customer.machinesNone")}</p>
      ) : (
        <div className="h-full overflow-hidden">
          <table className={`w-full table-fixed ${large ? "text-xl" : "text-base"}`}>
            <thead className="text-left text-muted">
              <tr>
                <th className="w-[26%] truncate py-1 font-normal">{t("customer.plate")}</th>
                {large && <th className="w-[18%] truncate font-normal">{t("customer.model")}</th>}
                <th className="truncate font-normal">{t("customer.site")}</th>
                <th className="w-[22%] truncate text-right font-normal">{t("customer.hoursMonth")}</th>
                <th className="w-[18%] truncate text-right font-normal">{t("customer.daysMonth")}</th>
              </tr>
            </thead>
            <tbody>
              {customer.machines.map((m) => (
                <tr key={m.vehicleId} className="border-t border-line" data-plate={m.plate}>
                  <td className="truncate py-1">{m.plate}</td>
                  {large && <td className="truncate">{m.model ?? ""}</td>}
                  <td className="truncate" title={m.site ?? ""}>
                    {m.site ?? ""}
                  </td>
                  <td className="text-right tabular-nums" data-testid="machine-hours">
                    {fmt1(m.hoursMonth)}
                  </td>
                  <td className="text-right tabular-nums">{m.daysMonth}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </WallPanel>
  );
}

function StatementPanel({ customer }: { customer: CustomerFigures }) {
  const { t } = useTranslation(WALL);
  const s = customer.statement;
  return (
    <WallPanel title={t("customer.statement")} testId="customer-statement">
      {!s ? (
        <p className="text-lg text-muted">{t("customer.statementNone")}</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-lg">
          <dt className="text-muted">{t("customer.period")}</dt>
          <dd className="tabular-nums">
            {s.periodFrom} ~ {s.periodTo}
          </dd>
          <dt className="text-muted">{t("customer.amount")}</dt>
          <dd className="tabular-nums" data-testid="statement-amount">
            ¥{formatCents(s.amountCents)}
          </dd>
          <dt className="text-muted">No.</dt>
          <dd className="truncate">{s.number}</dd>
          <dt className="sr-only">state</dt>
          <dd className={s.state === STATEMENT_STATE.disputed ? "text-danger" : s.state === STATEMENT_STATE.confirmed ? "text-success" : "text-warning"}>{t(`customer.state.${s.state}` as "customer.state.1")}</dd>
        </dl>
      )}
    </WallPanel>
  );
}
