import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { SYSTEM } from "~/i18n/screen/system-admin";
import type { RequestScope } from "~/modules/access/access.server";
import { ResourcePage } from "~/modules/resource/resource-page";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";
import { menuView } from "~/modules/system/menu.resource";
import { readPreferences } from "~/modules/auth/preferences.server";
import { menuOptions, menuResource } from "~/modules/system/menu.server";
import { RouteErrorBoundary } from "~/ui/error-state";
import { pageTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, { zh: "路由管理", en: "Route Management" }) }];

// the form's parent choices name the top level in the page's language
const optionsFor = (request: Request) => ({ options: (scope: RequestScope) => menuOptions(scope, readPreferences(request).lang) });
export const loader = (args: LoaderFunctionArgs) => resourceLoader(args, menuResource, optionsFor(args.request));
export const action = (args: ActionFunctionArgs) => resourceAction(args, menuResource, optionsFor(args.request));

export default function RouterPath() {
  useTranslation(SYSTEM); // the menu texts (the refusal of a menu with children) join the system namespace with this chunk
  return <ResourcePage view={menuView} />;
}

export const ErrorBoundary = RouteErrorBoundary;
