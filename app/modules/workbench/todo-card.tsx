import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { WORKBENCH } from "~/modules/workbench/texts/workbench";
import { useMessage } from "~/i18n/message";
import type { TodoItem } from "~/modules/workflow/approval.server";
import type { CertificateDue, DisputeDue, MaintenanceDue, ReformDue, SilentDue, UrgeDue } from "./workbench";
import { optionLabel } from "~/lib/list/types";
import { CERTIFICATE_KINDS } from "~/modules/certificates/certificate.resource";
import { Card } from "~/ui/card";
import { Empty } from "~/ui/empty";

export interface AlarmsToHandle {
  byLevel: [number, number, number];
  total: number;
  href: string;
}

/**
 * 我的待办: the alarms waiting to be handled (when the user may handle them), the overdue contracts whose urge is due
 * today for them, and the documents whose approval step is theirs (todoFor), each a link to where it is done.
 */
export function TodoCard({
  approvals,
  alarms,
  urges,
  disputes,
  certificates,
  maintenance,
  reforms,
  inspectionTasks,
  silent,
  today,
  className = "",
}: {
  approvals: TodoItem[];
  alarms: AlarmsToHandle | null;
  urges: UrgeDue[] | null;
  disputes: DisputeDue[] | null;
  certificates: CertificateDue[] | null;
  maintenance?: MaintenanceDue[] | null;
  reforms?: ReformDue[] | null;
  inspectionTasks?: { count: number; href: string } | null;
  silent?: SilentDue | null;
  today: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation("workflow");
  const { t: tc } = useTranslation(WORKBENCH);
  const message = useMessage();
  const listed = (urges?.length ?? 0) + (disputes?.length ?? 0) + (certificates?.length ?? 0) + (maintenance?.length ?? 0) + (reforms?.length ?? 0) + (silent?.total ?? 0);
  const tasks = inspectionTasks?.count ?? 0;
  const count = approvals.length + (alarms?.total ? 1 : 0) + (tasks ? 1 : 0) + listed;
  return (
    <Card id="todo" title={t("todo")} extra={count ? <span className="rounded-full bg-brand px-2 text-sm text-white">{approvals.length + (alarms?.total ?? 0) + tasks + listed}</span> : null} className={className} data-testid="todo">
      {count === 0 ? (
        <Empty className="py-6">{t("todoEmpty")}</Empty>
      ) : (
        <ul className="divide-y divide-line">
          {alarms?.total ? (
            <li className="py-2 text-sm" data-testid="todo-alarms">
              <Link to={alarms.href} className="flex items-center justify-between gap-4 rounded-sm hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand">
                <span className="min-w-0 truncate text-brand">
                  {tc("home.toHandle")} · {tc("home.toHandleCount", { count: alarms.total })}
                </span>
                <span className="shrink-0 text-muted">{tc("home.toHandleLevels", { level1: alarms.byLevel[0], level2: alarms.byLevel[1], level3: alarms.byLevel[2] })}</span>
              </Link>
            </li>
          ) : null}
          {tasks && inspectionTasks ? (
            <li className="py-2 text-sm" data-testid="todo-inspections">
              <Link to={inspectionTasks.href} className="flex items-center justify-between gap-4 rounded-sm hover:bg-canvas focus-visible:outline-2 focus-visible:outline-brand">
                <span className="min-w-0 truncate text-brand">{tc("home.inspectionTasks")}</span>
                <span className="shrink-0 text-muted tabular-nums">{tc("home.inspectionTaskCount", { count: tasks })}</span>
              </Link>
            </li>
          ) : null}
          {urges?.map((u) => (
            <li key={u.href} className="flex items-center justify-between gap-4 py-2 text-sm" data-testid="todo-urge">
              <Link to={u.href} className="min-w-0 truncate text-brand hover:underline">
                {tc("home.urgeDue")} · {u.number} {u.name}
              </Link>
              <span className="shrink-0 text-muted tabular-nums">{tc("home.urgeDueOn", { day: u.nextOn })}</span>
            </li>
          ))}
          {disputes?.map((d) => (
            <li key={d.href} className="flex items-center justify-between gap-4 py-2 text-sm" data-testid="todo-dispute">
              <Link to={d.href} className="min-w-0 truncate text-brand hover:underline">
                {`${tc("home.disputeDue")} · ${d.number} ${d.customer ?? ""}`}
              </Link>
              <span className="shrink-0 text-danger">{tc("home.disputeItems", { count: d.disputes })}</span>
            </li>
          ))}
          {certificates?.map((c) => (
            <li key={c.href} className="flex items-center justify-between gap-4 py-2 text-sm" data-testid="todo-certificate">
              <Link to={c.href} className="min-w-0 truncate text-brand hover:underline">
                {`${tc("home.certificateDue")} · ${c.plate} ${optionLabel(CERTIFICATE_KINDS, c.kind, i18n.language)} ${c.number}`}
              </Link>
              <span className={`shrink-0 tabular-nums ${c.expiresOn < today ? "text-danger" : "text-warning"}`}>{tc(c.expiresOn < today ? "home.certificateExpired" : "home.certificateExpires", { day: c.expiresOn })}</span>
            </li>
          ))}
          {maintenance?.map((m) => (
            <li key={`${m.href}:${m.planName}`} className="flex items-center justify-between gap-4 py-2 text-sm" data-testid="todo-maintenance">
              <Link to={m.href} className="min-w-0 truncate text-brand hover:underline">
                {`${tc("home.maintenanceDue")} · ${m.plate} ${m.planName}`}
              </Link>
              <span className={`shrink-0 tabular-nums ${m.overdue ? "text-danger" : "text-warning"}`}>{m.overdue ? tc("home.maintenanceOverdue") : m.dueOn ? tc("home.maintenanceOn", { day: m.dueOn }) : tc("home.maintenanceSoon")}</span>
            </li>
          ))}
          {silent?.machines.map((m) => (
            <li key={m.href} className="flex items-center justify-between gap-4 py-2 text-sm" data-testid="todo-silent">
              <Link to={m.href} className="min-w-0 truncate text-brand hover:underline">
                {`${tc("home.silentOnRent")} · ${m.plate}${m.rent ? ` ${m.rent}` : ""}`}
              </Link>
              <span className="shrink-0 text-danger tabular-nums" suppressHydrationWarning>{m.seen === null ? tc("home.silentNever") : tc("home.silentFor", { hours: Math.floor((Date.now() - m.seen) / 3_600_000) })}</span>
            </li>
          ))}
          {silent && silent.total > silent.machines.length ? (
            <li className="py-2 text-sm" data-testid="todo-silent-more">
              <Link to="/stateReport/online?class=silent" className="text-brand hover:underline">
                {tc("home.silentMore", { count: silent.total })}
              </Link>
            </li>
          ) : null}
          {reforms?.map((r) => (
            <li key={`${r.href}:${r.requirement}`} className="flex items-center justify-between gap-4 py-2 text-sm" data-testid="todo-reform">
              <Link to={r.href} className="min-w-0 truncate text-brand hover:underline">
                {`${tc("home.reformDue")} · ${r.number} ${r.requirement}`}
              </Link>
              <span className="shrink-0 text-danger tabular-nums">{tc("home.reformDeadline", { day: r.deadline })}</span>
            </li>
          ))}
          {approvals.map((item) => (
            <li key={`${item.kind}:${item.id}`} className="flex items-center justify-between gap-4 py-2 text-sm">
              <Link to={item.href} className="min-w-0 truncate text-brand hover:underline">
                {message(item.title)} · {item.label}
              </Link>
              <span className="shrink-0 text-muted">{t("todoStep", { step: item.step, steps: item.steps })}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
