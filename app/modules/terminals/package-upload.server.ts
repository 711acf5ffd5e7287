/**
 * The upload's HTTP side (/lockCarManage/upload): the session and the add code before any body is read, bounded
 * bodies (a JSON step a few KB, a part its exact size at most), answers `{ code, errors?, data? }` whose errors are
 * message keys the page words in its language.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { bodyBytes } from "~/lib/posted-form.server";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { abandonUpload, completeUpload, startUpload, uploadPart, type UploadAnswer } from "./package.server";
import { LOCK_ADD_CODE, LOCK_PATH, PACKAGE_PART_BYTES } from "./terminals";

const JSON_MAX_BYTES = 64 * 1024;

function answer<T extends object>(outcome: UploadAnswer<T>): Response {
  if (!outcome.ok) return apiJson({ code: outcome.status, errors: outcome.errors }, { status: outcome.status });
  const { ok: _ok, ...data } = outcome;
  return apiJson({ code: 200, data });
}

async function readJson(request: Request): Promise<unknown> {
  try {
    return JSON.parse(new TextDecoder().decode(await bodyBytes(request, JSON_MAX_BYTES)));
  } catch (error) {
    if (error instanceof Response) throw error;
    return null;
  }
}

export async function packageUploadAction({ request, context }: ActionFunctionArgs): Promise<Response> {
  const scope = await requireApiScope(request, context, { screen: LOCK_PATH, permission: LOCK_ADD_CODE });
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("id"));
  switch (url.searchParams.get("step")) {
    case "start":
      return answer(await startUpload(scope, await readJson(request)));
    case "part": {
      const declared = Number(request.headers.get("Content-Length") ?? 0);
      if (declared > PACKAGE_PART_BYTES) return apiJson({ code: 413, errors: { form: "terminals:partSize" } }, { status: 413 });
      return answer(await uploadPart(scope, id, Number(url.searchParams.get("part")), await bodyBytes(request, PACKAGE_PART_BYTES)));
    }
    case "complete":
      return answer(await completeUpload(scope, id, await readJson(request)));
    case "abort":
      return answer(await abandonUpload(scope, id));
  }
  return apiJson({ code: 400, errors: { form: "terminals:uploadUnknown" } }, { status: 400 });
}
