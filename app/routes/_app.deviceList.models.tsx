import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withQuery } from "~/lib/navigation";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { listHref } from "~/modules/resource/types";
import { vehicleModelView } from "~/modules/telematics/archive.resource";
import { vehicleModelResource } from "~/modules/telematics/archive.server";
import { ArchiveTabs } from "~/modules/telematics/archive-tabs";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = () => [{ title: "Derrick · 车型管理 / Vehicle models" }];

export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, vehicleModelResource);
export const action = (args: ActionFunctionArgs) => resourceAction(args, vehicleModelResource);

export default function VehicleModels() {
  const { t } = useTranslation("resource");
  const { query } = useLoaderData<typeof loader>();
  const back = listHref(vehicleModelView.path, query);
  return (
    <>
      <ArchiveTabs />
      <ResourcePage
        view={vehicleModelView}
        rowActions={(row, can) =>
          can.edit ? (
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
