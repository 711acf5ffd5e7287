import { parse, type SubmissionResult } from "@conform-to/dom";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { forbidden, requireScope, type RequestScope } from "~/modules/access/access.server";
import { flashCookie, readFlash } from "~/modules/auth/session.server";
import { createRow, deleteRows, findRow, listResource, postedIds, updateRow, type AnyResource, type FieldErrors } from "./resource.server";
import { postedValues, withoutSecrets } from "./form.server";
import { IMPORT_MAX_BYTES, importResource, type ImportReport } from "./excel.server";
import { FORM_MAX_BYTES, readForm } from "~/lib/posted-form.server";
import { withQuery } from "~/lib/navigation";
import { patchUserSettings, sessionSetting } from "~/modules/auth/preferences.server";
import { checkColumnChoice, documentHref, effectiveColumnPrefs, listHref, parseListQuery, type ColumnPrefs, type ListQuery, type OptionDef } from "~/lib/list/types";

/** A choice of a select; `parent`, the value of the field it belongs to (a contract's customer), for a field that `follows` another. */
export type Option = { value: string; label: string; parent?: string };

/** What the generic page needs: a page of rows, the query, the row being edited, what the user may do. */
export async function resourceLoader(
  { request, context }: LoaderFunctionArgs,
  res: AnyResource,
  extra: {
    options?: (scope: RequestScope) => Promise<Record<string, Option[]>>;
    /** choices of select filters that come from the data (e.g. the entities a log holds), by filter key */
    filterOptions?: (scope: RequestScope) => Promise<Record<string, OptionDef[]>>;
  } = {},
) {
  const scope = await requireScope(request, context, { screen: res.view.screen ?? res.view.path });
  const url = new URL(request.url);
  const query = parseListQuery(url, res.view);
  const can = permissionsOf(scope, res);
  const editId = Number(url.searchParams.get("edit")) || Number(url.searchParams.get("view"));
  // ?view= is the read-only detail (the form in preview mode): the screen is enough to see it
  const viewing = !url.searchParams.get("edit") && Boolean(url.searchParams.get("view"));
  const creating = url.searchParams.get("new") === "1" && can.add;
  // the column choice came with the session row (user_settings is joined there): no query of its own
  const columnPrefs = effectiveColumnPrefs(res.view.columns, sessionSetting<ColumnPrefs>(scope.session, `columns.${res.view.name}`));
  const [list, editing, options, filterOptions, fresh] = await Promise.all([
    listResource(scope, res, query),
    editId && (can.edit || viewing) ? findRow(scope, res, editId) : Promise.resolve(undefined),
    creating || editId ? (extra.options?.(scope) ?? Promise.resolve({})) : Promise.resolve({} as Record<string, Option[]>),
    extra.filterOptions?.(scope) ?? Promise.resolve({} as Record<string, OptionDef[]>),
    creating ? (res.newValues?.(scope) ?? Promise.resolve({})) : Promise.resolve({} as Record<string, unknown>),
  ]);
  if (editId && (can.edit || viewing) && !editing) throw new Response("Not Found", { status: 404 });
  const { flash, clear } = readFlash(request);
  return data(
    {
      rows: list.rows,
      total: list.total,
      query,
      can,
      form: creating
        ? { mode: "create" as const, values: fresh }
        : editing
          ? { mode: viewing ? ("view" as const) : ("edit" as const), values: { ...res.auditView(editing), ...(await res.editValues?.(scope, editing)) } }
          : null,
      options,
      columnPrefs,
      filterOptions,
      flash: flash === "saved" ? ("saved" as const) : null,
    },
    { headers: clear ? { "Set-Cookie": clear } : {} },
  );
}

function permissionsOf(scope: RequestScope, res: AnyResource) {
  const has = (a: string) => scope.access.permissions.has(`${res.view.permission}:${a}`);
  const writable = !res.view.readOnly;
  return { add: writable && has("add"), edit: writable && has("edit"), delete: writable && has("delete"), export: has("export"), import: writable && !res.view.document && has("import") };
}

export type ResourceActionData =
  | { intent: "import"; report: ImportReport }
  | { intent: "columns"; error: "noColumns" | "fixedColumn"; column?: string }
  | { intent: "create" | "update"; errors: FieldErrors; values: Record<string, unknown>; options: Record<string, Option[]>; result?: SubmissionResult<string[]> }
  | { intent: "confirmDelete"; ids: number[]; labels: string[] }
  | { intent: "selection"; error: "selectRows" | "selectOne" }
  | { intent: "delete"; error: string };

/** An import posts its workbook (at most IMPORT_MAX_BYTES, checked with a message of its own) with the form around it. */
const IMPORT_BODY_MAX_BYTES = IMPORT_MAX_BYTES + FORM_MAX_BYTES;

const ACTION_PERMISSION: Record<string, "add" | "edit" | "delete" | "import" | null> = { create: "add", update: "edit", edit: "edit", confirmDelete: "delete", delete: "delete", import: "import", columns: null };

/**
 * The generic action: create, update, edit (pick one selected row), confirmDelete (ask first) and delete, each
 * checked against the user's permission codes on the server. Extra intents of a resource go in `intents`.
 */
export async function resourceAction(
  { request, context }: ActionFunctionArgs,
  res: AnyResource,
  {
    intents = {},
    options,
  }: {
    /**
     * approve: `${permission}:approve`, for screens with a review (e.g. /dataPermission); null: the screen is enough
     * here because the intent checks its own code (the transitions engine, app/modules/workflow)
     */
    intents?: Record<string, { permission: "add" | "edit" | "delete" | "approve" | null; run: (scope: RequestScope, form: FormData, back: string) => Promise<Response | ReturnType<typeof data>> }>;
    options?: (scope: RequestScope) => Promise<Record<string, Option[]>>;
  } = {},
) {
  // the session and the screen before the body is read; the intent's code before its names are read as structure
  const screen = res.view.screen ?? res.view.path;
  await requireScope(request, context, { screen });
  const multipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  const form = await readForm(request, { maxBytes: multipart ? IMPORT_BODY_MAX_BYTES : FORM_MAX_BYTES });
  const intent = String(form.get("intent") ?? "");
  const custom = intents[intent];
  const need = custom ? custom.permission : ACTION_PERMISSION[intent];
  if (need === undefined) throw new Response("Bad Request", { status: 400 });
  // the column choice is the user's own view of a list they may see: the screen is enough
  const scope = await requireScope(request, context, { screen, permission: need ? `${res.view.permission}:${need}` : undefined });
  // a read-only list (a log) takes no writes, whatever codes the user holds; its own intents decide for themselves
  if (res.view.readOnly && !custom && need) throw forbidden();
  const url = new URL(request.url);
  const back = listHref(res.view.path, parseListQuery(url, res.view));
  const saved = (to = back) => redirect(to, { headers: { "Set-Cookie": flashCookie("saved") } });
  // repeated fields arrive as arrays and `lines[0].qty` as lines, with or without JavaScript (Conform); hostile
  // names (an index ≥ 500, a gap, `__proto__`) are refused here, for every intent, the resource's own included
  const values = postedValues(form);
  // a lines field's row button (添加联系人, ↑, 删除) posted before the page's JavaScript: the form as it now stands, nothing
  // saved, whoever else answers the intent's saves
  if ((intent === "create" || intent === "update") && form.has("__intent__")) {
    const result = parse<Record<string, unknown>, string[]>(form, { resolve: (value) => ({ value }) }).reply({ hideFields: ["password", "confirm"] });
    return data<ResourceActionData>({ intent, errors: {}, values: withoutSecrets(values), options: (await options?.(scope)) ?? {}, result });
  }
  if (custom) return custom.run(scope, form, back);

  switch (intent) {
    case "columns": {
      const known = new Set(res.view.columns.map((c) => c.key));
      const order = String(form.get("order") ?? "")
        .split(",")
        .filter((k) => known.has(k));
      const visible = form.getAll("visible").map(String).filter((k) => known.has(k));
      const refused = checkColumnChoice(res.view.columns, visible);
      if (refused) return data<ResourceActionData>({ intent, error: refused.message, column: "column" in refused ? refused.column.key : undefined }, { status: 400 });
      const prefs: ColumnPrefs = { order, hidden: res.view.columns.map((c) => c.key).filter((k) => !visible.includes(k)) };
      await patchUserSettings(scope.db, scope.user, { columns: { [res.view.name]: prefs } });
      return redirect(back);
    }
    case "import": {
      const file = form.get("file");
      if (!(file instanceof File)) return data<ResourceActionData>({ intent, report: { created: 0, rejected: [], fileError: "resource:importEmpty" } }, { status: 400 });
      const report = await importResource(scope, res, file, (await options?.(scope)) ?? {});
      return data<ResourceActionData>({ intent, report }, { status: report.fileError ? 400 : 200 });
    }
    case "create": {
      const result = await createRow(scope, res, values);
      if (result.ok) return saved();
      return data<ResourceActionData>({ intent, errors: result.errors, values: withoutSecrets(values), options: (await options?.(scope)) ?? {} }, { status: result.status });
    }
    case "update": {
      const result = await updateRow(scope, res, Number(form.get("id")), values);
      if (result.ok) return saved();
      if (result.status === 404) throw new Response("Not Found", { status: 404 });
      return data<ResourceActionData>({ intent, errors: result.errors, values: withoutSecrets(values), options: (await options?.(scope)) ?? {} }, { status: result.status });
    }
    case "edit": {
      const ids = postedIds(form);
      if (ids.length !== 1) return data<ResourceActionData>({ intent: "selection", error: ids.length ? "selectOne" : "selectRows" }, { status: 400 });
      return redirect(res.view.document ? documentHref(res.view.path, ids[0]!) : withQuery(back, `edit=${ids[0]}`));
    }
    case "confirmDelete": {
      const ids = postedIds(form);
      if (!ids.length) return data<ResourceActionData>({ intent: "selection", error: "selectRows" }, { status: 400 });
      const labels: string[] = [];
      for (const id of ids.slice(0, 10)) {
        const row = await findRow(scope, res, id);
        if (row) labels.push(String(row[res.view.rowLabel] ?? id));
      }
      return data<ResourceActionData>({ intent, ids, labels });
    }
    case "delete": {
      const ids = postedIds(form);
      if (!ids.length) return data<ResourceActionData>({ intent: "selection", error: "selectRows" }, { status: 400 });
      const result = await deleteRows(scope, res, ids);
      if (typeof result === "object") return data<ResourceActionData>({ intent, error: result.refuse }, { status: result.status ?? 400 });
      return saved();
    }
  }
  throw new Response("Bad Request", { status: 400 });
}

export type { ListQuery };
