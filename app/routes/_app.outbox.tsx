import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forbidden, requireScope } from "~/modules/access/access.server";
import { listOutbox } from "~/modules/auth/notify.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { formatCell } from "~/lib/list/format";
import { parseListQuery, type ColumnDef, type FilterDef } from "~/lib/list/types";
import { useTimeZone } from "~/lib/use-time-zone";
import { DataTable } from "~/widgets/data-table";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "消息发件箱", en: "Message outbox" }) }];

const PATH = "/outbox";
const COLUMNS: ColumnDef[] = [
  { key: "createdAt", label: { zh: "时间", en: "Time" }, type: "datetime", fixed: true },
  {
    key: "channel",
    label: { zh: "渠道", en: "Channel" },
    type: "status",
    options: [
      { value: "sms", label: { zh: "短信", en: "SMS" } },
      { value: "email", label: { zh: "邮件", en: "E-mail" } },
    ],
  },
  { key: "recipient", label: { zh: "接收方", en: "Recipient" } },
  { key: "subject", label: { zh: "主题", en: "Subject" } },
  { key: "body", label: { zh: "内容", en: "Content" } },
];
const FILTERS: FilterDef[] = [];

/** Codes and notices kept when no SMS or mail provider is configured (the latest 100); tenant administrators only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user } = await requireScope(request, context);
  if (!user.isAdmin) throw forbidden();
  const query = parseListQuery(new URL(request.url), { columns: COLUMNS, filters: FILTERS });
  const all = await listOutbox(db, user.tenantId);
  const rows = query.size > 0 ? all.slice((query.page - 1) * query.size, query.page * query.size) : all;
  return { rows, total: all.length, query };
}

/** 消息发件箱: the same list table as every other list screen. */
export default function Outbox() {
  const { rows, total, query } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  return (
    <div className="p-4">
      <h1 className="mb-1 text-xl font-semibold text-ink">{t("outbox.title")}</h1>
      <p className="mb-3 text-sm text-muted">{t("outbox.hint")}</p>
      <DataTable path={PATH} columns={COLUMNS} rows={rows} total={total} query={query} rowLabel={(r) => `${r.recipient} ${formatCell(COLUMNS[0]!, r.createdAt, i18n.language, timeZone).text}`} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
