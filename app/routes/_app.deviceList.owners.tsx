import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withQuery } from "~/lib/navigation";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { listHref } from "~/modules/resource/types";
import { ownerView } from "~/modules/telematics/archive.resource";
import { ownerOptions, ownerResource } from "~/modules/telematics/archive.server";
import { ArchiveTabs } from "~/modules/telematics/archive-tabs";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = () => [{ title: "Derrick · 车主档案 / Owners" }];

export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, ownerResource, { options: ownerOptions });
export const action = (args: ActionFunctionArgs) => resourceAction(args, ownerResource, { options: ownerOptions });

export default function VehicleOwners() {
  const { t } = useTranslation("resource");
  const { query } = useLoaderData<typeof loader>();
  const back = listHref(ownerView.path, query);
  return (
    <>
      <ArchiveTabs />
      <ResourcePage
        view={ownerView}
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
