import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, requireApiScope } from "~/modules/access/access.server";
import { dictionaryOptions } from "~/modules/system/dictionary.server";

/**
 * Spec §7 "options by dictCode" (the spec does not name the path): the enabled options of one dictionary of the
 * caller's tenant, in order, with the dictionary's detail (id, dictName, isSystem) the select needs for its
 * add-option editor. Any signed-in user may read them: dictionary selects appear on many screens.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const scope = await requireApiScope(request, context);
  const dictCode = (new URL(request.url).searchParams.get("dictCode") ?? "").trim();
  if (!/^[A-Za-z0-9_]{1,50}$/.test(dictCode)) return apiJson({ code: 400, message: "dictCode is required" }, { status: 400 });
  const found = await dictionaryOptions(scope, dictCode);
  if (!found) return apiJson({ code: 404, message: "not found" }, { status: 404 });
  const canAdd = scope.access.permissions.has("disData:add");
  return apiJson({ code: 200, data: found.options, dictionary: { ...found.dictionary, dictCode }, canAdd });
}
