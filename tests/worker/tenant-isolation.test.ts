import { env } from "cloudflare:test";
import { readSheet } from "read-excel-file/universal";
import { describe, expect, it } from "vitest";
import { RESOURCES } from "../../app/modules/resource/registry.server";
import { FACTORIES, PREPARE, SEEDS } from "./factories";
import { get, makeTenant, postForm, signIn } from "./helpers";

async function adminTenant() {
  const t = await makeTenant({ role: "admin" });
  return { ...t, cookie: await signIn(t.account, t.password) };
}

describe("tenant isolation over every registered resource", () => {
  it("has a factory for every resource (a seed for every read-only one)", () => {
    const readOnly = Object.keys(RESOURCES).filter((name) => RESOURCES[name]!.resource.view.readOnly);
    expect(Object.keys(FACTORIES).sort()).toEqual(Object.keys(RESOURCES).filter((name) => !readOnly.includes(name)).sort());
    expect(Object.keys(SEEDS).sort()).toEqual(readOnly.sort());
  });

  for (const [name, { resource }] of Object.entries(RESOURCES).filter(([, r]) => r.resource.view.readOnly)) {
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

  for (const [name, { resource }] of Object.entries(RESOURCES).filter(([, r]) => !r.resource.view.readOnly)) {
    it(`${name}: another tenant's row is never listed, exported, opened, changed or deleted`, async () => {
      const { view } = resource;
      const a = await adminTenant();
      const b = await adminTenant();
      await PREPARE[name]?.(a);
      await PREPARE[name]?.(b);
      // each tenant has a row of its own
      expect((await postForm(view.path, { intent: "create", ...FACTORIES[name]!(a) }, { Cookie: a.cookie })).status).toBe(302);
      const values = FACTORIES[name]!(b);
      expect((await postForm(view.path, { intent: "create", ...values }, { Cookie: b.cookie })).status).toBe(302);
      const label = values[view.rowLabel]!;
      const table = (resource.table as unknown as { [k: symbol]: string })[Symbol.for("drizzle:Name")];
      const column = view.rowLabel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      const row = await env.DB.prepare(`select id from ${table} where ${column} = ?`).bind(label).first<{ id: number }>();
      expect(row).not.toBeNull();

      const list = await (await get(`${view.path}?size=100`, a.cookie)).text();
      expect(list).not.toContain(label);
      const exported = await readSheet(await (await get(`/excel/${name}/export`, a.cookie)).arrayBuffer());
      expect(exported.length).toBeGreaterThan(1); // A's own rows are there
      expect(exported.flat()).not.toContain(label);
      expect((await get(`${view.path}?edit=${row!.id}`, a.cookie)).status).toBe(404);
      expect((await postForm(view.path, { intent: "update", id: String(row!.id), version: "1", ...values }, { Cookie: a.cookie })).status).toBe(404);
      await postForm(view.path, { intent: "delete", ids: String(row!.id) }, { Cookie: a.cookie });
      expect(await env.DB.prepare(`select id from ${table} where id = ?`).bind(row!.id).first()).not.toBeNull();
      // and B still sees its own row
      expect(await (await get(`${view.path}?size=100`, b.cookie)).text()).toContain(label);
    });
  }
});
