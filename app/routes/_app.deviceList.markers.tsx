import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withQuery } from "~/lib/navigation";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { listHref } from "~/modules/resource/types";
import { markerPointView } from "~/modules/telematics/markers.resource";
import { markerPointOptions as options, markerPointResource } from "~/modules/telematics/markers.server";
import { ArchiveTabs } from "~/modules/telematics/archive-tabs";
import { RouteErrorBoundary } from "~/ui/error-state";
import type { loader as appLoader } from "./_app";

export const meta: MetaFunction = () => [{ title: "Derrick · 标注点 / Marker points" }];

export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, markerPointResource, { options });
export const action = (args: ActionFunctionArgs) => resourceAction(args, markerPointResource, { options });

export default function MarkerPoints() {
  const { t } = useTranslation("resource");
  const { query } = useLoaderData<typeof loader>();
  const me = useRouteLoaderData<typeof appLoader>("routes/_app")?.user.id;
  const back = listHref(markerPointView.path, query);
  return (
    <>
      <ArchiveTabs />
      <ResourcePage
        view={markerPointView}
        // only the creating account may edit (spec §6); the action refuses anyone else too
        rowActions={(row, can) =>
          can.edit && row.creatorId === me ? (
            <Link to={withQuery(back, `edit=${row.id}`)} className="text-brand">
              {t("edit")}
            </Link>
          ) : null
        }
      />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
