import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { documentExport } from "~/modules/resource/document.server";
import { registeredResources } from "~/modules/resource/registry.server";

/** GET /excel/{resource}/document?id=: one document of a registered document resource as .xlsx (needs `:export`). */
export async function loader(args: LoaderFunctionArgs) {
  const entry = registeredResources()[args.params.resource ?? ""];
  if (!entry?.document) throw new Response("Not Found", { status: 404 });
  return documentExport(args, entry.document);
}
