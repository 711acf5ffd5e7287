import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { LEADS } from "~/modules/leads/texts/leads";
import { listHref } from "~/lib/list/types";
import { requireScope } from "~/modules/access/access.server";
import { convertHref, leadStages, leadView } from "~/modules/leads/lead.resource";
import { leadFilterOptions, leadMachine, leadOptions, leadResource } from "~/modules/leads/lead.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import type { RowOf } from "~/modules/resource/resource.server";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { heldCodes } from "~/modules/workflow/machine";
import { TransitionButtons, TransitionPanel } from "~/modules/workflow/transition-ui";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "业务列表", en: "Business List" }) }];

/** /businessList 业务列表: the leads the user may see; 赢单 / 输单 on the engine, a won lead converts to a draft contract. */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, leadResource, { options: leadOptions, filterOptions: leadFilterOptions }), requireScope(args.request, args.context, { screen: leadView.path })]);
  const canContract = scope.access.permissions.has("contractList:add");
  return data({ ...page.data, codes: heldCodes(leadStages, scope.access.permissions), me: scope.user.id, myOrgId: scope.user.orgId, canContract }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) => resourceAction(args, leadResource, { intents: transitionIntents(leadMachine), options: leadOptions });

export default function BusinessList() {
  const { t } = useTranslation(LEADS);
  const { query, codes, me, myOrgId, canContract } = useLoaderData<typeof loader>();
  const back = listHref(leadView.path, query);
  // a new lead is the user's own, in their organisation
  const view = useMemo(
    () => ({ ...leadView, form: leadView.form.map((f) => (f.key === "ownerId" ? { ...f, defaultValue: String(me) } : f.key === "orgId" && myOrgId ? { ...f, defaultValue: String(myOrgId) } : f)) }),
    [me, myOrgId],
  );
  return (
    <>
      <ResourcePage<RowOf<typeof leadResource>>
        view={view}
        rowActions={(row) => {
          const state = { ...row, stage: Number(row.stage) };
          const convert = canContract ? convertHref(state) : null;
          return (
            <>
              <TransitionButtons machine={leadStages} row={state} codes={codes} me={me} />
              {convert ? (
                <Link to={convert} className="text-brand hover:underline" data-testid="lead-convert">
                  {t("convert")}
                </Link>
              ) : state.contractId ? (
                <Link to={`/contractList?view=${state.contractId}`} className="text-muted hover:underline">
                  {t("converted")}
                </Link>
              ) : null}
            </>
          );
        }}
      />
      <TransitionPanel machine={leadStages} back={back} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
