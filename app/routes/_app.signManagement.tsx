import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DISPATCH } from "~/modules/dispatch/texts/dispatch";
import { MAPS } from "~/i18n/screen/maps";
import { withQuery } from "~/lib/navigation";
import { listHref } from "~/lib/list/types";
import { requireScope } from "~/modules/access/access.server";
import { signPointStates, signPointView } from "~/modules/dispatch/sign-points.resource";
import { signPointIntents as intents, signPointOptions as options, signPointResource } from "~/modules/dispatch/sign-points.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import type { RowOf } from "~/modules/resource/resource.server";
import { heldCodes } from "~/modules/workflow/machine";
import { TransitionButtons, TransitionPanel } from "~/modules/workflow/transition-ui";
import { RouteErrorBoundary } from "~/ui/error-state";
import { QueryLink } from "~/widgets/list-navigation";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "签到管理", en: "Check-In Management" }) }];

export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, signPointResource, { options }), requireScope(args.request, args.context, { screen: signPointView.path })]);
  return data({ ...page.data, codes: heldCodes(signPointStates, scope.access.permissions), me: scope.user.id }, page.init ?? undefined);
}
export const action = (args: ActionFunctionArgs) => resourceAction(args, signPointResource, { intents, options });

/** 签到管理: sign-in points, each set on the sign-in map (place, address, range) in the list's form. */
export default function SignManagement() {
  // the form's messages (dispatch:…) and the sign-in map's (maps:…) travel with this chunk
  useTranslation([DISPATCH, MAPS]);
  const { t: tr } = useTranslation("resource");
  const { query, codes, me } = useLoaderData<typeof loader>();
  const back = listHref(signPointView.path, query);
  return (
    <>
      <ResourcePage<RowOf<typeof signPointResource>>
        view={signPointView}
        rowActions={(row, can) =>
          can.edit ? (
            <>
              <QueryLink to={withQuery(back, `edit=${row.id}`)} className="text-brand">
                {tr("edit")}
              </QueryLink>
              <TransitionButtons machine={signPointStates} row={row} codes={codes} me={me} />
            </>
          ) : null
        }
      />
      <TransitionPanel machine={signPointStates} back={back} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
