import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SETTLEMENTS } from "~/modules/settlement/texts/settlements";
import { listHref } from "~/lib/list/types";
import { requireScope } from "~/modules/access/access.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import type { RowOf } from "~/modules/resource/resource.server";
import { overtimeStates, overtimeSettlementView } from "~/modules/settlement/settlement.resource";
import { overtimeSettlementApprovalKind, overtimeSettlementMachine, overtimeSettlementResource, settlementOptions } from "~/modules/settlement/settlement.server";
import { historyOf } from "~/modules/workflow/approval.server";
import { ApprovalHistoryPanel } from "~/modules/workflow/approval-history";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { heldCodes } from "~/modules/workflow/machine";
import { TransitionButtons, TransitionPanel } from "~/modules/workflow/transition-ui";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "超期清算管理", en: "Overtime Settlements" }) }];

/** /clearOvertimeManage: overtime settlements: the overtime billed up to a day, cleared on its own with its own approval. */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, overtimeSettlementResource, { options: settlementOptions }), requireScope(args.request, args.context, { screen: overtimeSettlementView.path })]);
  const viewed = page.data.form?.mode === "view" ? (page.data.form.values as { id?: number; state?: number }) : null;
  const approval = viewed?.id ? await historyOf(scope, overtimeSettlementApprovalKind, viewed.id, Number(viewed.state)) : null;
  return data({ ...page.data, codes: heldCodes(overtimeStates, scope.access.permissions), me: scope.user.id, approval }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) => resourceAction(args, overtimeSettlementResource, { intents: transitionIntents(overtimeSettlementMachine), options: settlementOptions });

export default function OvertimeSettlement() {
  // the screen's namespace (its refusals) comes with this chunk
  useTranslation(SETTLEMENTS);
  const { query, codes, me, approval } = useLoaderData<typeof loader>();
  return (
    <>
      <ResourcePage<RowOf<typeof overtimeSettlementResource>>
        view={overtimeSettlementView}
        detail={approval ? <ApprovalHistoryPanel history={approval} /> : null}
        rowActions={(row) => <TransitionButtons machine={overtimeStates} row={{ ...row, state: Number(row.state) }} codes={codes} me={me} />}
      />
      <TransitionPanel machine={overtimeStates} back={listHref(overtimeSettlementView.path, query)} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
