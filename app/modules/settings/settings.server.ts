import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../../db/client";
import { tenantSettings } from "../../../db/schema";
import { ofTenant, withTenant } from "../../../db/tenant";
import { requireScope, type RequestScope } from "~/modules/access/access.server";
import { flashCookie, readFlash } from "~/modules/auth/session.server";
import { readPreferences } from "~/modules/auth/preferences.server";
import { runCommand } from "~/modules/resource/command.server";
import { fieldErrors, type FieldErrors } from "~/modules/resource/resource.server";
import type { Option } from "~/modules/resource/route.server";
import { formInputs } from "~/lib/list/types";
import type { SettingsView } from "./settings-types";
import { readForm } from "~/lib/posted-form.server";

type Values = Record<string, unknown>;

export interface SettingsDefinition {
  view: SettingsView;
  schema: z.ZodType<Values>;
  defaults: Values;
  /** keys never sent back to the browser (tokens, secrets): kept when the field is left empty */
  secret?: string[];
  /** choices read per request, labelled in the page's language */
  options?: (scope: RequestScope, lang: string) => Promise<Record<string, Option[]>>;
  /** rules that need the database (a referenced file must be the tenant's own image); field → message key */
  check?: (scope: RequestScope, values: Values) => Promise<FieldErrors>;
  /** after a save (the FleetHub reloads its settings) */
  afterSave?: (scope: RequestScope) => Promise<void>;
  /** further intents of the screen (a test send) */
  intents?: Record<string, (scope: RequestScope, values: Values, back: string) => Promise<Response | ReturnType<typeof data>>>;
}

/** The tenant's stored value for a settings key over its defaults, with its version. */
export async function readTenantSettings(db: Db, tenantId: number, key: string, defaults: Values): Promise<{ values: Values; version: number }> {
  const [row] = await db
    .select({ value: tenantSettings.value, version: tenantSettings.version })
    .from(tenantSettings)
    .where(and(ofTenant(tenantSettings, tenantId), eq(tenantSettings.key, key)));
  return { values: { ...defaults, ...(row?.value ?? {}) }, version: row?.version ?? 0 };
}

const formValues = (def: SettingsDefinition, form: FormData) =>
  Object.fromEntries(formInputs(def.view.fields).map((f) => [f.key, f.type === "checkboxes" ? form.getAll(f.key).map(String) : String(form.get(f.key) ?? "")]));

export async function settingsLoader({ request, context }: LoaderFunctionArgs, def: SettingsDefinition) {
  const scope = await requireScope(request, context, { screen: def.view.screen ?? def.view.path });
  const { values, version } = await readTenantSettings(scope.db, scope.user.tenantId, def.view.key, def.defaults);
  for (const k of def.secret ?? []) values[k] = values[k] ? "••••••" : "";
  const { flash, clear } = readFlash(request);
  return data(
    { values, version, options: (await def.options?.(scope, readPreferences(request).lang)) ?? {}, canEdit: scope.access.permissions.has(`${def.view.permission}:edit`), flash: flash === "saved" ? ("saved" as const) : null },
    { headers: clear ? { "Set-Cookie": clear } : {} },
  );
}

export type SettingsActionData = { errors: FieldErrors; values: Record<string, unknown>; intent: string } | { tested: number; intent: "test" };

/** Saves the form (zod, version check, audit) or runs one of the screen's intents on the saved values. */
export async function settingsAction({ request, context }: ActionFunctionArgs, def: SettingsDefinition) {
  const scope = await requireScope(request, context, { screen: def.view.screen ?? def.view.path, permission: `${def.view.permission}:edit` });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "save");
  const back = def.view.path;
  const stored = await readTenantSettings(scope.db, scope.user.tenantId, def.view.key, def.defaults);
  const custom = def.intents?.[intent];
  if (custom) return custom(scope, stored.values, back);
  if (intent !== "save") throw new Response("Bad Request", { status: 400 });

  const input = formValues(def, form);
  // a secret left empty (or showing the mask) keeps the stored one
  for (const k of def.secret ?? []) if (!input[k] || input[k] === "••••••") input[k] = String(stored.values[k] ?? "");
  const parsed = def.schema.safeParse(input);
  const echo = { ...input };
  for (const k of def.secret ?? []) echo[k] = "";
  if (!parsed.success) return data<SettingsActionData>({ intent, errors: fieldErrors(parsed.error), values: echo }, { status: 400 });
  const refused = await def.check?.(scope, parsed.data);
  if (refused && Object.keys(refused).length) return data<SettingsActionData>({ intent, errors: refused, values: echo }, { status: 400 });
  if (Number(form.get("version")) !== stored.version) return data<SettingsActionData>({ intent, errors: { form: "resource:stale" }, values: echo }, { status: 409 });

  const now = Date.now();
  const hide = (v: Values) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, def.secret?.includes(k) ? "(secret)" : x]));
  // the value and its audit record in one batch; a save someone else made first (the version moved on) stores neither
  const write = stored.version
    ? scope.db
        .update(tenantSettings)
        .set({ value: parsed.data, version: stored.version + 1, updatedAt: now })
        .where(and(ofTenant(tenantSettings, scope.user.tenantId), eq(tenantSettings.key, def.view.key), eq(tenantSettings.version, stored.version)))
    : scope.db
        .insert(tenantSettings)
        .values(withTenant(scope, { key: def.view.key, value: parsed.data, version: 1, updatedAt: now }))
        .onConflictDoNothing();
  const done = await runCommand(scope, [write, { expect: 1 }], { entity: `settings:${def.view.key}`, action: "update", id: def.view.key, before: hide(stored.values), after: hide(parsed.data) });
  if (!done.ok) return data<SettingsActionData>({ intent, errors: { form: "resource:stale" }, values: echo }, { status: 409 });
  await def.afterSave?.(scope);
  return redirect(back, { headers: { "Set-Cookie": flashCookie("saved") } });
}
