import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { packageUploadAction } from "~/modules/terminals/package-upload.server";

/**
 * The version package upload the browser drives (JSON): `?step=start`, `?step=part&id=&part=n` (the part's bytes as the
 * body, at most 10 MB), `?step=complete&id=`, `?step=abort&id=`. docs/terminals.md, "Version packages".
 */
export const action = (args: ActionFunctionArgs) => packageUploadAction(args);
