import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { registeredResources } from "~/modules/resource/registry.server";
import { resourceAction, resourceLoader } from "~/modules/resource/route.server";

/** The registered resource whose screen is at the request's path. */
function entryFor(request: Request) {
  const path = new URL(request.url).pathname.toLowerCase();
  const entry = Object.values(registeredResources()).find((r) => r.resource.view.path.toLowerCase() === path);
  if (!entry) throw new Response("Not Found", { status: 404 });
  return entry;
}

export function plainLoader(args: LoaderFunctionArgs) {
  const { resource, options } = entryFor(args.request);
  return resourceLoader(args, resource, { options });
}

export function plainAction(args: ActionFunctionArgs) {
  const { resource, options } = entryFor(args.request);
  return resourceAction(args, resource, { options });
}
