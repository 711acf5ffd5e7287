import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PRIZES } from "~/modules/prizes/texts/prizes";
import { listHref } from "~/lib/list/types";
import { requireScope } from "~/modules/access/access.server";
import { prizeStates, prizeView } from "~/modules/prizes/prize.resource";
import { prizeApprovalKind, prizeFilterOptions, prizeMachine, prizeOptions, prizeResource } from "~/modules/prizes/prize.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import type { RowOf } from "~/modules/resource/resource.server";
import { historyOf } from "~/modules/workflow/approval.server";
import { ApprovalHistoryPanel } from "~/modules/workflow/approval-history";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { heldCodes } from "~/modules/workflow/machine";
import { TransitionButtons, TransitionPanel } from "~/modules/workflow/transition-ui";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "提名奖励", en: "Prize Nominations" }) }];

/** /nominatePrizes 提名奖励: nominations on the contracts the user sees, with their approval. */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, prizeResource, { options: prizeOptions, filterOptions: prizeFilterOptions }), requireScope(args.request, args.context, { screen: prizeView.path })]);
  const viewed = page.data.form?.mode === "view" ? (page.data.form.values as { id?: number; state?: number }) : null;
  const approval = viewed?.id ? await historyOf(scope, prizeApprovalKind, viewed.id, Number(viewed.state)) : null;
  return data({ ...page.data, codes: heldCodes(prizeStates, scope.access.permissions), me: scope.user.id, approval }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) => resourceAction(args, prizeResource, { intents: transitionIntents(prizeMachine), options: prizeOptions });

export default function NominatePrizes() {
  // the screen's namespace (its refusals) comes with this chunk and is ready before a form shows one
  useTranslation(PRIZES);
  const { query, codes, me, approval } = useLoaderData<typeof loader>();
  return (
    <>
      <ResourcePage<RowOf<typeof prizeResource>>
        view={prizeView}
        detail={approval ? <ApprovalHistoryPanel history={approval} /> : null}
        rowActions={(row) => <TransitionButtons machine={prizeStates} row={{ ...row, state: Number(row.state) }} codes={codes} me={me} />}
      />
      <TransitionPanel machine={prizeStates} back={listHref(prizeView.path, query)} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
