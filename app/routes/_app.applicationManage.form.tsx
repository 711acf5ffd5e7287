import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SYSTEM } from "~/i18n/screen/system-admin";
import { requireScope } from "~/modules/access/access.server";
import { formatCell } from "~/lib/list/format";
import { findRow } from "~/modules/resource/resource.server";
import { resourceAction } from "~/modules/resource/route.server";
import { labelOf } from "~/lib/list/types";
import { applicationApproval, applicationView } from "~/modules/system/application.resource";
import { applicationApprovalKind, applicationIntents, applicationResource } from "~/modules/system/application.server";
import { historyOf } from "~/modules/workflow/approval.server";
import { ApprovalHistoryPanel } from "~/modules/workflow/approval-history";
import { heldCodes } from "~/modules/workflow/machine";
import { DocumentTransitions, TransitionPanel } from "~/modules/workflow/transition-ui";
import { RouteErrorBoundary } from "~/ui/error-state";
import { LinkButton } from "~/ui/button";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "应用表单", en: "Application Form" }) }];

/** /applicationManage/form?id=: one application with its review. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireScope(request, context, { screen: "/applicationManage/form" });
  const id = new URL(request.url).searchParams.get("id");
  // opened without an application: say where to pick one
  if (id === null) return { row: null, codes: [], me: scope.user.id, approval: null };
  const row = await findRow(scope, applicationResource, Number(id));
  if (!row) throw new Response("Not Found", { status: 404 });
  return { row, codes: heldCodes(applicationApproval, scope.access.permissions), me: scope.user.id, approval: await historyOf(scope, applicationApprovalKind, Number(row.id), Number(row.state)) };
}

// reviews post here too, guarded by the list screen's permission codes; a decision taken on the document stays on it
export async function action(args: ActionFunctionArgs) {
  const answer = await resourceAction(args, applicationResource, { intents: applicationIntents });
  if (!(answer instanceof Response) || answer.status !== 302) return answer;
  const url = new URL(args.request.url);
  const headers = new Headers(answer.headers);
  headers.set("Location", `${url.pathname}${url.search}`);
  return new Response(null, { status: 302, headers });
}

export default function ApplicationForm() {
  const { row, codes, me, approval } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation(SYSTEM);
  const lang = i18n.language;
  if (!row) {
    return (
      <div className="p-4">
        <h1 className="mb-3 text-xl font-semibold text-ink">{t("screens:/applicationManage/form", { ns: "screens" })}</h1>
        <p className="text-muted">
          {t("application.pick")}{" "}
          <Link to="/applicationManage" className="text-brand">
            {t("screens:/applicationManage", { ns: "screens" })}
          </Link>
        </p>
      </div>
    );
  }
  const back = `/applicationManage/form?id=${row.id}`;
  return (
    <div className="p-4">
      <h1 className="mb-3 text-xl font-semibold text-ink">{t("application.detail")}</h1>
      <dl className="mb-4 grid max-w-3xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-line bg-panel p-5 text-sm" data-testid="application-detail">
        {applicationView.columns.map((c) => (
          <div key={c.key} className="contents">
            <dt className="text-muted">{labelOf(c.label, lang)}</dt>
            <dd className="text-ink">{formatCell(c, (row as Record<string, unknown>)[c.key], lang).text}</dd>
          </div>
        ))}
      </dl>
      <div className="flex gap-2">
        <LinkButton to="/applicationManage">
          {t("back", { ns: "common" })}
        </LinkButton>
        <DocumentTransitions machine={applicationApproval} row={row as { id: number; state: number }} codes={codes} me={me} action={back} />
      </div>
      {approval ? (
        <div className="mt-4 max-w-3xl rounded-lg border border-line bg-panel p-5">
          <ApprovalHistoryPanel history={approval} />
        </div>
      ) : null}
      <TransitionPanel machine={applicationApproval} back={back} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
