import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/lib/page-title";
import { ResourcePage } from "~/modules/resource/resource-page";
import type { RowOf } from "~/modules/resource/resource.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { windProjectView } from "~/modules/wind/wind-project.resource";
import { windProjectMachine, windProjectOptions, windProjectResource } from "~/modules/wind/wind-project.server";
import { transitionIntents } from "~/modules/workflow/engine.server";
import { WIND } from "~/modules/wind/texts/wind";
import { RouteErrorBoundary } from "~/ui/error-state";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "风电管理", en: "Wind Power Management" }) }];

/** /windManage 风电管理: the wind projects (a project opens on /windManage/form). */
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, windProjectResource, { options: windProjectOptions });
export const action = (args: ActionFunctionArgs) => resourceAction(args, windProjectResource, { intents: transitionIntents(windProjectMachine) });

export default function WindProjects() {
  // the transitions' words and the project's own refusals are in the wind namespace: it comes with this chunk
  useTranslation(WIND);
  return <ResourcePage<RowOf<typeof windProjectResource>> view={windProjectView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
