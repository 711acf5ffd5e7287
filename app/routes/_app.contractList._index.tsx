import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CONTRACT_FLOW } from "~/modules/contracts/texts/contractFlow";
import { listHref } from "~/lib/list/types";
import { requireScope } from "~/modules/access/access.server";
import { contractStates, contractView } from "~/modules/contracts/contracts.resource";
import { contractMachine, contractOptions, contractResource } from "~/modules/contracts/contracts.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import type { RowOf } from "~/modules/resource/resource.server";
import { heldCodes } from "~/modules/workflow/machine";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { TransitionButtons, TransitionPanel, TransitionToolbar } from "~/modules/workflow/transition-ui";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "合同列表", en: "Contract List" }) }];

/**
 * /contractList 合同列表: the contracts in force (their current version) within the user's data scope. A contract opens
 * as its document (/contractList/form): the list's 新增, 编辑 and 详情 go there.
 */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, contractResource), requireScope(args.request, args.context, { screen: contractView.path })]);
  const p = new URL(args.request.url).searchParams;
  // a new contract keeps what it is prefilled from (a won lead, a free slot of the availability board)
  if (p.get("new") === "1" && page.data.can.add) {
    const carried = new URLSearchParams({ new: "1" });
    for (const key of ["fromLead", "vehicleId", "from", "to"]) if (p.get(key)) carried.set(key, p.get(key)!);
    throw redirect(`/contractList/form?${carried}`);
  }
  // a row that is not the user's answered 404 above; theirs opens as the document
  const id = p.get("edit") ?? p.get("view");
  if (id) throw redirect(`/contractList/form?id=${encodeURIComponent(id)}`);
  // Excel export and import carry the lines as a second sheet (设备明细, the view's sheet)
  return data({ ...page.data, codes: heldCodes(contractStates, scope.access.permissions), me: scope.user.id }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) => resourceAction(args, contractResource, { intents: transitionIntents(contractMachine), options: contractOptions });

export default function ContractList() {
  // the transitions' labels are this screen's texts (and the only ones it needs of the contracts')
  useTranslation(CONTRACT_FLOW);
  const { query, codes, me } = useLoaderData<typeof loader>();
  const back = listHref(contractView.path, query);
  return (
    <>
      <ResourcePage<RowOf<typeof contractResource>>
        view={contractView}
        toolbar={<TransitionToolbar machine={contractStates} codes={codes} only={["submit", "approve", "refuse", "execute"]} />}
        rowActions={(row) => (
          <TransitionButtons machine={contractStates} row={row} codes={codes} me={me} only={["submit", "approve", "execute"]} />
        )}
      />
      <TransitionPanel machine={contractStates} back={back} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
