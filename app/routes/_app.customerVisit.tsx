import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { VISITS } from "~/modules/visits/texts/visits";
import { todayInZone } from "~/lib/tenant-clock";
import { requireScope } from "~/modules/access/access.server";
import type { FormExtraContext } from "~/modules/resource/resource-drawers";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { VISIT_PHOTO_LIMIT, visitView } from "~/modules/visits/visit.resource";
import { visitFilterOptions, visitOptions, visitResource } from "~/modules/visits/visit.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { Upload } from "~/widgets/upload";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "客户回访", en: "Customer Follow-Up Visits" }) }];

/** /customerVisit 客户回访: the visits to customers the user may see; a new one is today's, by the user. */
export async function loader(args: LoaderFunctionArgs) {
  const [page, scope] = await Promise.all([resourceLoader(args, visitResource, { options: visitOptions, filterOptions: visitFilterOptions }), requireScope(args.request, args.context, { screen: visitView.path })]);
  return data({ ...page.data, today: todayInZone(scope.user.timeZone), me: String(scope.user.id) }, page.init ?? undefined);
}

export const action = (args: ActionFunctionArgs) => resourceAction(args, visitResource, { options: visitOptions });

/** The visit's photos: the upload widget (images, at most 4), kept as typed when a save is refused. */
function Photos({ values, errorOf, mode }: FormExtraContext) {
  const { t } = useTranslation(VISITS);
  const stored = Array.isArray(values.photoFiles) ? (values.photoFiles as { id: number; name: string; url: string | null }[]) : [];
  const posted = Array.isArray(values.photos)
    ? values.photos.map((id) => {
        const known = stored.find((f) => f.id === Number(id));
        return { id: Number(id), name: known?.name ?? `#${String(id)}`, url: known?.url ?? null };
      })
    : null;
  const error = errorOf("photos");
  return (
    <div className="mb-4">
      <p className="mb-1 text-sm font-medium text-ink">{t("photos.label")}</p>
      <Upload name="photos" variant="picture-card" kind="image" limit={VISIT_PHOTO_LIMIT} defaultFiles={posted ?? stored} readOnly={mode === "view"} id="field-photos" />
      <p className={`mt-0.5 text-xs ${error ? "text-danger" : "text-muted"}`} role={error ? "alert" : undefined}>
        {error ?? t("photos.hint", { count: VISIT_PHOTO_LIMIT })}
      </p>
    </div>
  );
}

export default function CustomerVisit() {
  const { today, me } = useLoaderData<typeof loader>();
  // a new visit is today's and the user's own
  const view = useMemo(() => ({ ...visitView, form: visitView.form.map((f) => (f.key === "visitedOn" ? { ...f, defaultValue: today } : f.key === "visitorId" ? { ...f, defaultValue: me } : f)) }), [today, me]);
  return <ResourcePage view={view} formExtra={(ctx) => <Photos {...ctx} />} />;
}

export const ErrorBoundary = RouteErrorBoundary;
