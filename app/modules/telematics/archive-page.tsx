import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withQuery } from "~/lib/navigation";
import { ResourcePage } from "~/modules/resource/resource-page";
import { listHref, type ListQuery, type ResourceView } from "~/lib/list/types";
import { ArchiveTabs } from "./archive-tabs";
import { QueryLink } from "~/widgets/list-navigation";

/**
 * One list of the vehicle archive under /deviceList (models, owners, drivers, marker types, marker points): the
 * archive's tabs over the resource page, with an edit link per row. `creatorOnly`: only the account that created a
 * row sees its edit link (spec §6 marker points; the action refuses anyone else as well).
 */
export function ArchiveListPage({ view, creatorOnly = false }: { view: ResourceView; creatorOnly?: boolean }) {
  const { t } = useTranslation("resource");
  const { query } = useLoaderData<{ query: ListQuery }>();
  // the signed-in user, from the _app layout's loader (app/routes/_app.tsx); a module does not import a route
  const me = useRouteLoaderData<{ user: { id: number } }>("routes/_app")?.user.id;
  const back = listHref(view.path, query);
  return (
    <>
      <ArchiveTabs />
      <ResourcePage
        view={view}
        rowActions={(row, can) =>
          can.edit && (!creatorOnly || row.creatorId === me) ? (
            <QueryLink to={withQuery(back, `edit=${row.id}`)} className="text-brand">
              {t("edit")}
            </QueryLink>
          ) : null
        }
      />
    </>
  );
}
