import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SETTLEMENTS } from "~/modules/settlement/texts/settlements";
import { listHref } from "~/lib/list/types";
import { requireScope } from "~/modules/access/access.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import type { RowOf } from "~/modules/resource/resource.server";
import { settlementStates, settlementView } from "~/modules/settlement/settlement.resource";
import { settlementApprovalKind, settlementMachine, settlementResource, settlementOptions } from "~/modules/settlement/settlement.server";
import { historyOf } from "~/modules/workflow/approval.server";
import { ApprovalHistoryPanel } from "~/modules/workflow/approval-history";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { heldCodes } from "~/modules/workflow/machine";
import { TransitionButtons, TransitionPanel } from "~/modules/workflow/transition-ui";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "合同清算", en: "Contract Settlement" }) }];

/** /contractClear: the contracts' final settlements: bills, adjustments, late interest and receipts summed into the balance, with their approval; approved, a settlement closes its contract. */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, settlementResource, { options: settlementOptions }), requireScope(args.request, args.context, { screen: settlementView.path })]);
  const viewed = page.data.form?.mode === "view" ? (page.data.form.values as { id?: number; state?: number }) : null;
  const approval = viewed?.id ? await historyOf(scope, settlementApprovalKind, viewed.id, Number(viewed.state)) : null;
  return data({ ...page.data, codes: heldCodes(settlementStates, scope.access.permissions), me: scope.user.id, approval }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) => resourceAction(args, settlementResource, { intents: transitionIntents(settlementMachine), options: settlementOptions });

export default function Settlement() {
  // the screen's namespace (its refusals) comes with this chunk
  useTranslation(SETTLEMENTS);
  const { query, codes, me, approval } = useLoaderData<typeof loader>();
  return (
    <>
      <ResourcePage<RowOf<typeof settlementResource>>
        view={settlementView}
        detail={approval ? <ApprovalHistoryPanel history={approval} /> : null}
        rowActions={(row) => <TransitionButtons machine={settlementStates} row={{ ...row, state: Number(row.state) }} codes={codes} me={me} />}
      />
      <TransitionPanel machine={settlementStates} back={listHref(settlementView.path, query)} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
