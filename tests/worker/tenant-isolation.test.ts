import { env } from "cloudflare:test";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { readSheet } from "read-excel-file/universal";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { registeredResources } from "../../app/modules/resource/registry.server";
import { FACTORIES, PREPARE, SEEDS } from "./factories";
import { get, makeTenant, postForm, signIn } from "./helpers";

async function adminTenant() {
  const t = await makeTenant({ role: "admin" });
  return { ...t, cookie: await signIn(t.account, t.password) };
}

/**
 * The tables with a tenant_id that no registered resource lists, and who owns each: the lines of a document (saved
 * with it by its resource), the machinery's own tables, or a domain's table written by its own rules (bespoke
 * screens). The isolation test walks the resources; these are reached only through the code named, which the tenant
 * scan of db/tenant.test.ts covers. A new tenant table is a resource's, or is named here with its owner.
 */
const OUTSIDE_RESOURCES: Record<string, string> = {
  // lines and children of a document, saved with it by its resource
  contract_lines: "lines of contract",
  contract_fees: "lines of contract",
  customer_contacts: "lines of customer",
  supplier_contacts: "lines of supplier",
  supplier_certificates: "lines of supplierTower",
  satisfaction_answers: "lines of satisfactionForm",
  invoice_bills: "lines of invoice",
  receipt_allocations: "lines of receipt (allocation rules, finance/receipt.server.ts)",
  dictionary_items: "lines of dictionary (the dictionary editor)",
  role_menus: "grants of role (system/role.server.ts)",
  role_permissions: "grants of role (system/role.server.ts)",
  user_roles: "of user",
  user_vehicles: "of user and dataPermission (granted vehicles)",
  fence_vehicles: "bindings of fence (fences/fence.server.ts)",
  line_vehicles: "bindings of line (fences/fence.server.ts)",
  inspection_record_items: "lines of inspectionRecord, saved with it by 个人巡检 (inspections/record.server.ts)",
  inspection_tasks: "inspections (task.server.ts: the daily job's tasks; a record does one, 复检 asks one)",
  // the bill run and what hangs off a bill: written by billing's rules, read by the bill screens
  bill_items: "billing (bill-run.server.ts)",
  bill_evidence: "billing (bill-run.server.ts)",
  bill_proposals: "billing (bill-run.server.ts, bill.server.ts)",
  bill_interest: "billing (interest job, workers/jobs/interest.ts)",
  statement_events: "billing (statement.server.ts)",
  collection_actions: "overdue (collection.server.ts)",
  // telematics: written by the hub and the terminal API
  alarms: "the FleetHub's rules (workers/fleet-hub), handled on /alarmMessage (alarms/alarm.server.ts)",
  vehicle_daily: "the FleetHub's roll-ups (workers/fleet-hub/rollups.ts)",
  vehicle_monthly: "vehicle_daily's triggers (migration 0040), read by the telematics reports",
  fleet_daily: "vehicle_daily's triggers (migration 0040), read by the telematics reports",
  screen_links: "wall (screen-links.server.ts: 大屏链接, read by the screen link page and the FleetHub)",
  vehicle_events: "the FleetHub (workers/fleet-hub)",
  terminal_commands: "the terminal API (workers/telematics); queued by 锁车管理 (terminals/commands.server.ts)",
  terminal_health_checks: "terminal-health (health.server.ts: 健康检测's runs, handling and retests; the daily job workers/jobs/terminal-health.ts)",
  lock_emergencies: "terminals (lock-record.server.ts: 应急解锁, counted in lockRecord)",
  ota_task_vehicles: "machines of otaTask (terminals/ota-task.server.ts)",
  // the machinery's own
  approval_records: "workflow (approval.server.ts)",
  approval_steps: "workflow (flows.server.ts: the approval-flow editor)",
  document_numbers: "numbering (numbering.server.ts)",
  files: "files (files.server.ts, file-access.server.ts)",
  geo_calls: "geo (geocode.server.ts: the provider's daily quota)",
  outbox: "auth (messages: SMS and mail outbox)",
  row_counts: "resource (counted lists: counts kept by triggers)",
  sessions: "auth (session.server.ts)",
  tenant_settings: "settings (settings.server.ts)",
  user_settings: "auth (preferences.server.ts)",
};

describe("tenant isolation over every registered resource", () => {
  it("knows every tenant table: a registered resource's (or its document's lines), or named with its owner", async () => {
    // the database's own tables with a tenant_id column, whether or not db/schema exports them (a domain may keep its table beside its rules)
    const tables = (await env.DB.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite%' and name not like '\\_%' escape '\\' and name <> 'd1_migrations'").all<{ name: string }>()).results.map((r) => r.name);
    const tenantTables: string[] = [];
    for (const name of tables) if ((await env.DB.prepare(`select 1 from pragma_table_info('${name}') where name = 'tenant_id'`).first()) !== null) tenantTables.push(name);
    // and every table db/schema declares with a tenant is among them
    const declared = (Object.values(schema) as unknown[]).filter((t): t is SQLiteTable => is(t, SQLiteTable) && "tenantId" in t).map((t) => getTableName(t));
    expect(declared.filter((name) => !tenantTables.includes(name))).toEqual([]);
    const owned = new Set(Object.values(registeredResources()).flatMap((r) => [getTableName(r.resource.table), ...Object.values(r.document?.lines ?? {}).map((l) => getTableName(l.table))]));
    expect(tenantTables.filter((name) => !owned.has(name) && !(name in OUTSIDE_RESOURCES)).sort(), "tenant tables no resource lists and OUTSIDE_RESOURCES does not name").toEqual([]);
    // a name for a table that is gone, or that became a resource's, goes too
    expect(Object.keys(OUTSIDE_RESOURCES).filter((name) => owned.has(name) || !tenantTables.includes(name))).toEqual([]);
  });

  it("has a factory for every resource (a seed for every read-only one)", () => {
    const readOnly = Object.keys(registeredResources()).filter((name) => registeredResources()[name]!.resource.view.readOnly);
    expect(Object.keys(FACTORIES).sort()).toEqual(Object.keys(registeredResources()).filter((name) => !readOnly.includes(name)).sort());
    expect(Object.keys(SEEDS).sort()).toEqual(readOnly.sort());
  });

  for (const [name, { resource }] of Object.entries(registeredResources()).filter(([, r]) => r.resource.view.readOnly)) {
    it(`${name} (read-only): another tenant's row is never listed or exported, and nothing can be written`, async () => {
      const { view } = resource;
      const a = await adminTenant();
      const b = await adminTenant();
      await SEEDS[name]!(a);
      const label = await SEEDS[name]!(b);
      const table = (resource.table as unknown as { [k: symbol]: string })[Symbol.for("drizzle:Name")];
      const column = view.rowLabel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      const row = await env.DB.prepare(`select id from ${table} where ${column} = ?`).bind(label).first<{ id: number }>();

      expect(await (await get(`${view.path}?size=100`, a.cookie)).text()).not.toContain(label);
      const exported = await readSheet(await (await get(`/excel/${name}/export`, a.cookie)).arrayBuffer());
      expect(exported.length).toBeGreaterThan(1); // A's own row is there
      expect(exported.flat().join(" ")).not.toContain(label);
      for (const intent of ["create", "update", "delete"]) {
        expect((await postForm(view.path, { intent, id: String(row!.id), ids: String(row!.id), version: "1" }, { Cookie: a.cookie })).status, intent).toBe(403);
      }
      expect(await env.DB.prepare(`select id from ${table} where id = ?`).bind(row!.id).first()).not.toBeNull();
      expect(await (await get(`${view.path}?size=100`, b.cookie)).text()).toContain(label);
    });
  }

  for (const [name, { resource }] of Object.entries(registeredResources()).filter(([, r]) => !r.resource.view.readOnly)) {
    it(`${name}: another tenant's row is never listed, exported, opened, changed or deleted`, async () => {
      const { view } = resource;
      const a = await adminTenant();
      const b = await adminTenant();
      await PREPARE[name]?.(a);
      await PREPARE[name]?.(b);
      // each tenant has a row of its own
      const valuesA = FACTORIES[name]!(a);
      expect((await postForm(view.path, { intent: "create", ...valuesA }, { Cookie: a.cookie })).status).toBe(302);
      const values = FACTORIES[name]!(b);
      expect((await postForm(view.path, { intent: "create", ...values }, { Cookie: b.cookie })).status).toBe(302);
      const table = (resource.table as unknown as { [k: symbol]: string })[Symbol.for("drizzle:Name")];
      const column = view.rowLabel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      // a row named by what was typed; one named by what its save gave it (a document's number, the same in both
      // tenants) is B's newest row, looked for by a text only B's factory typed (its unique site, say)
      const typed = values[view.rowLabel];
      const row = await (typed === undefined
        ? env.DB.prepare(`select id from ${table} where tenant_id = ? order by id desc limit 1`).bind(b.tenantId)
        : env.DB.prepare(`select id from ${table} where ${column} = ?`).bind(typed)
      ).first<{ id: number }>();
      expect(row).not.toBeNull();
      const label = typed ?? Object.entries(values).find(([k, v]) => v.length >= 6 && !/^[\d.,\s-]+$/.test(v) && v !== valuesA[k])![1];

      const list = await (await get(`${view.path}?size=100`, a.cookie)).text();
      expect(list).not.toContain(label);
      const exported = await readSheet(await (await get(`/excel/${name}/export`, a.cookie)).arrayBuffer());
      expect(exported.length).toBeGreaterThan(1); // A's own rows are there
      expect(exported.flat()).not.toContain(label);
      expect((await get(`${view.path}?edit=${row!.id}`, a.cookie)).status).toBe(404);
      expect((await postForm(view.path, { intent: "update", id: String(row!.id), version: "1", ...values }, { Cookie: a.cookie })).status).toBe(404);
      // with the form's values: a screen that serves two resources (fences and routes) reads which from them
      await postForm(view.path, { ...values, intent: "delete", ids: String(row!.id) }, { Cookie: a.cookie });
      expect(await env.DB.prepare(`select id from ${table} where id = ?`).bind(row!.id).first()).not.toBeNull();
      // and B still sees its own row
      expect(await (await get(`${view.path}?size=100`, b.cookie)).text()).toContain(label);
    });
  }
});
