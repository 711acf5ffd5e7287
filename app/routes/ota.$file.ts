import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { packageDownload } from "~/modules/terminals/package-download.server";

/**
 * GET /ota/<package>-<expiry>-<signature>.zip: a version package for a terminal, outside the session, by the signed
 * link its upgrade command carries (docs/terminals.md, "Downloads"). Anything else is 404.
 */
export const loader = (args: LoaderFunctionArgs) => packageDownload(args);
