import { data as answer, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RENT } from "~/modules/rent/texts/rent";
import { labelOf } from "~/lib/list/types";
import { requireScope } from "~/modules/access/access.server";
import { monthDays, shiftMonth } from "~/modules/rent/board";
import { AssignPanel, type AssignAnswer } from "~/modules/rent/assign-panel";
import { assignMachine, unassignedLines } from "~/modules/rent/assign.server";
import { CONTRACT_EDIT_CODE } from "~/modules/contracts/contracts.resource";
import { readForm } from "~/lib/posted-form.server";
import { loadBoard, parseBoardQuery, type BoardQuery } from "~/modules/rent/board.server";
import { BoardLegend, ScheduleBoard } from "~/modules/rent/schedule-board";
import { VEHICLE_TYPES } from "~/modules/telematics/vehicle-types";
import { buttonClass } from "~/ui/button";
import { Input, Select } from "~/ui/input";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "快速排班", en: "Quick Scheduling" }) }];

/** /quickSchedule 快速排班: which machine is on which contract line, day by day, for a month (docs/rent.md). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/quickSchedule" });
  const url = new URL(request.url);
  const query = parseBoardQuery(url, scope.user.timeZone);
  const days = monthDays(query.month)!;
  // 待派设备 is read when asked for (?assign=1): over a large fleet it costs more than the board itself
  const asked = url.searchParams.get("assign") === "1";
  const [board, unassigned] = await Promise.all([loadBoard(scope, query), asked ? unassignedLines(scope, { first: days[0]!, last: days[days.length - 1]! }) : null]);
  return { ...board, unassigned, canAssign: scope.access.permissions.has(CONTRACT_EDIT_CODE) };
}

/** 派车: a line that names a kind of machine gets one (assign.server.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/quickSchedule" });
  const form = await readForm(request);
  const lineId = Number(form.get("lineId"));
  const done = await assignMachine(scope, lineId, Number(form.get("vehicleId")));
  return answer<AssignAnswer>(done.ok ? { ok: true, plate: done.plate, number: done.number } : { ok: false, message: done.message, lineId }, { status: done.ok ? 200 : done.status });
}

/** The board's address with some of its query changed (defaults left out). */
function boardHref(q: BoardQuery, patch: Partial<BoardQuery>): string {
  const next = { ...q, ...patch };
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(next)) if (v !== "" && !(k === "page" && v === 1)) p.set(k, String(v));
  return `/quickSchedule?${p}`;
}

export default function QuickSchedule() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation(RENT);
  const q = data.query;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const select = (name: keyof BoardQuery, label: string, options: { value: string; label: string }[]) => (
    <label className="flex flex-col gap-1 text-sm text-muted">
      {label}
      <Select name={name} defaultValue={String(q[name])} className="w-40">
        <option value="">{t("board.all")}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </label>
  );
  return (
    <div className="p-4">
      <h1 className="mb-3 text-xl font-semibold text-ink">{t("board.title")}</h1>
      <Form method="get" className="mb-3 flex flex-wrap items-end gap-3 rounded-lg border border-line bg-panel p-3" role="search" data-testid="board-filters">
        <label className="flex flex-col gap-1 text-sm text-muted">
          {t("board.month")}
          <Input type="month" name="month" defaultValue={q.month} className="w-40" required />
        </label>
        <label className="flex flex-col gap-1 text-sm text-muted">
          {t("board.search")}
          <Input type="search" name="q" defaultValue={q.q} maxLength={50} className="w-48" />
        </label>
        {select("type", t("board.type"), VEHICLE_TYPES.map((o) => ({ value: o.value, label: labelOf(o.label, i18n.language) })))}
        {select("modelId", t("board.model"), data.options.modelId)}
        {select("orgId", t("board.org"), data.options.orgId)}
        {select("state", t("board.state"), [
          { value: "1", label: t("board.enabled") },
          { value: "0", label: t("board.stopped") },
        ])}
        <button type="submit" className={buttonClass({ variant: "primary" })}>
          {t("board.query")}
        </button>
        <Link to={`/quickSchedule?month=${q.month}`} className={buttonClass({ variant: "ghost" })}>
          {t("board.reset")}
        </Link>
      </Form>
      <nav className="mb-2 flex flex-wrap items-center justify-between gap-2" aria-label={t("board.month")}>
        <div className="flex items-center gap-2">
          <Link to={boardHref(q, { month: shiftMonth(q.month, -1), page: 1 })} className={buttonClass({ variant: "secondary", size: "sm" })} rel="prev">
            ← {t("board.prevMonth")}
          </Link>
          <span className="min-w-24 text-center font-semibold text-ink" aria-live="polite" data-testid="board-month">
            {q.month}
          </span>
          <Link to={boardHref(q, { month: shiftMonth(q.month, 1), page: 1 })} className={buttonClass({ variant: "secondary", size: "sm" })} rel="next">
            {t("board.nextMonth")} →
          </Link>
          {q.month !== data.today.slice(0, 7) ? (
            <Link to={boardHref(q, { month: data.today.slice(0, 7), page: 1 })} className={buttonClass({ variant: "ghost", size: "sm" })}>
              {t("board.thisMonth")}
            </Link>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Link to={data.unassigned ? boardHref(q, {}) : `${boardHref(q, {})}&assign=1`} className={buttonClass({ variant: "secondary", size: "sm" })} data-testid="assign-toggle" aria-expanded={data.unassigned ? true : false}>
            {data.unassigned ? t("assign.hide") : t("assign.show")}
          </Link>
          <BoardLegend />
        </div>
      </nav>
      {data.unassigned ? <AssignPanel lines={data.unassigned} canAssign={data.canAssign} /> : null}
      <ScheduleBoard data={data} />
      <nav className="mt-2 flex items-center justify-end gap-3 text-sm text-muted" aria-label={t("board.page", { page: q.page, pages })}>
        <span>{t("board.total", { count: data.total })}</span>
        <span>{t("board.page", { page: q.page, pages })}</span>
        {q.page > 1 ? (
          <Link to={boardHref(q, { page: q.page - 1 })} className="text-brand">
            {t("board.prevPage")}
          </Link>
        ) : null}
        {q.page < pages ? (
          <Link to={boardHref(q, { page: q.page + 1 })} className="text-brand">
            {t("board.nextPage")}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
