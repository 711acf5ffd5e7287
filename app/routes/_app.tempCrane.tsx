import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { TEMP_CRANE } from "~/modules/temp-crane/texts/tempCrane";
import { listHref } from "~/lib/list/types";
import { requireScope } from "~/modules/access/access.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import type { RowOf } from "~/modules/resource/resource.server";
import { tempCraneStates, tempCraneView } from "~/modules/temp-crane/temp-crane.resource";
import { tempCraneApprovalKind, tempCraneMachine, tempCraneOptions, tempCraneResource } from "~/modules/temp-crane/temp-crane.server";
import { historyOf } from "~/modules/workflow/approval.server";
import { ApprovalHistoryPanel } from "~/modules/workflow/approval-history";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { heldCodes } from "~/modules/workflow/machine";
import { TransitionButtons, TransitionPanel } from "~/modules/workflow/transition-ui";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "临时吊车", en: "Temporary Cranes" }) }];

/** /tempCrane 临时吊车: the applications the user may see, their approval, and the contract an approved one became. */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, tempCraneResource, { options: tempCraneOptions }), requireScope(args.request, args.context, { screen: tempCraneView.path })]);
  // the application's approval (steps and records) beside its detail
  const viewed = page.data.form?.mode === "view" ? (page.data.form.values as { id?: number; state?: number }) : null;
  const approval = viewed?.id ? await historyOf(scope, tempCraneApprovalKind, viewed.id, Number(viewed.state)) : null;
  return data({ ...page.data, codes: heldCodes(tempCraneStates, scope.access.permissions), me: scope.user.id, myOrgId: scope.user.orgId, approval }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) => resourceAction(args, tempCraneResource, { intents: transitionIntents(tempCraneMachine), options: tempCraneOptions });

export default function TempCrane() {
  const { t } = useTranslation(TEMP_CRANE);
  const { query, codes, me, myOrgId, approval } = useLoaderData<typeof loader>();
  const back = listHref(tempCraneView.path, query);
  // a new application is for the user's own organisation
  const view = useMemo(() => ({ ...tempCraneView, form: tempCraneView.form.map((f) => (f.key === "orgId" && myOrgId ? { ...f, defaultValue: String(myOrgId) } : f)) }), [myOrgId]);
  return (
    <>
      <ResourcePage<RowOf<typeof tempCraneResource>>
        view={view}
        detail={approval ? <ApprovalHistoryPanel history={approval} /> : null}
        rowActions={(row) => {
          const state = { ...row, state: Number(row.state) };
          return (
            <>
              <TransitionButtons machine={tempCraneStates} row={state} codes={codes} me={me} />
              {state.resultContractId ? (
                <Link to={`/contractList/form?id=${state.resultContractId}`} className="text-brand hover:underline" data-testid="temp-crane-contract">
                  {t("openContract")}
                </Link>
              ) : null}
            </>
          );
        }}
      />
      <TransitionPanel machine={tempCraneStates} back={back} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
