import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withQuery } from "~/lib/navigation";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { listHref } from "~/modules/resource/types";
import { markerTypeView } from "~/modules/telematics/markers.resource";
import { markerTypeResource } from "~/modules/telematics/markers.server";
import { ArchiveTabs } from "~/modules/telematics/archive-tabs";
import { RouteErrorBoundary } from "~/ui/error-state";
import type { loader as appLoader } from "./_app";

export const meta: MetaFunction = () => [{ title: "Derrick · 标注点类型 / Marker types" }];

export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, markerTypeResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, markerTypeResource);

export default function MarkerTypes() {
  const { t } = useTranslation("resource");
  const { query } = useLoaderData<typeof loader>();
  const me = useRouteLoaderData<typeof appLoader>("routes/_app")?.user.id;
  const back = listHref(markerTypeView.path, query);
  return (
    <>
      <ArchiveTabs />
      <ResourcePage
        view={markerTypeView}
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
