import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SETTINGS } from "~/modules/settings/definitions.server";
import { settingsAction, settingsLoader } from "~/modules/settings/settings.server";

function definitionFor(request: Request) {
  const def = SETTINGS[new URL(request.url).pathname.toLowerCase()];
  if (!def) throw new Response("Not Found", { status: 404 });
  return def;
}

export const settingsScreenLoader = (args: LoaderFunctionArgs) => settingsLoader(args, definitionFor(args.request));
export const settingsScreenAction = (args: ActionFunctionArgs) => settingsAction(args, definitionFor(args.request));
