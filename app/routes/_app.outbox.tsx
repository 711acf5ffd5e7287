import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forbidden, requireScope } from "~/modules/access/access.server";
import { listOutbox } from "~/modules/auth/notify.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { dateTimeFormat } from "~/lib/intl";
import { useTimeZone } from "~/lib/use-time-zone";

export const meta: MetaFunction = () => [{ title: "Derrick · 消息发件箱 / Message outbox" }];

/** Codes and notices kept when no SMS or mail provider is configured; tenant administrators only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user } = await requireScope(request, context);
  if (!user.isAdmin) throw forbidden();
  const rows = await listOutbox(db, user.tenantId);
  return { rows };
}

export default function Outbox() {
  const { rows } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  const fmt = dateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "medium", timeZone });
  return (
    <section className="rounded-lg border border-line bg-panel p-6">
      <h1 className="text-xl font-semibold">{t("outbox.title")}</h1>
      <p className="mt-1 text-sm text-muted">{t("outbox.hint")}</p>
      <table className="mt-4 w-full text-left text-sm">
        <thead className="border-b border-line text-muted">
          <tr>
            <th className="py-2">{t("outbox.time")}</th>
            <th>{t("outbox.channel")}</th>
            <th>{t("outbox.recipient")}</th>
            <th>{t("outbox.body")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4} className="py-8 text-center text-muted">
                {t("outbox.empty")}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.id} className="border-b border-line align-top" data-testid="outbox-row">
                <td className="py-2 whitespace-nowrap" suppressHydrationWarning>
                  {fmt.format(r.createdAt)}
                </td>
                <td>{r.channel === "sms" ? t("outbox.sms") : t("outbox.email")}</td>
                <td>{r.recipient}</td>
                <td className="break-all">{r.body}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
