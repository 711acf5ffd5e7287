import { env } from "cloudflare:test";
import { unique } from "../helpers";
import { makeVehicle } from "../telematics";
import type { DomainFactories, Seed } from "../factories";

/** A pending command of a machine, straight into the table (what a lock task or an upgrade's machine names). */
async function command(tenantId: number, vehicleId: number, kind: "lock" | "ota", payload: Record<string, unknown>) {
  const now = Date.now();
  const row = await env.DB.prepare("insert into terminal_commands (tenant_id, vehicle_id, kind, payload, state, created_at, expires_at) values (?, ?, ?, ?, 'pending', ?, ?) returning id")
    .bind(tenantId, vehicleId, kind, JSON.stringify(payload), now, now + 72 * 3_600_000)
    .first<{ id: number }>();
  return row!.id;
}

/** A ready version package, its row only (no object in R2). */
async function packageRow(tenantId: number, userId: number, versionCode = unique("V")) {
  const now = Date.now();
  const row = await env.DB.prepare("insert into ota_packages (tenant_id, version_code, description, file_name, size, r2_key, uploaded_at, creator_id, version, created_at, updated_at) values (?, ?, '测试包', 'fw.zip', 22, ?, ?, ?, 1, ?, ?) returning id")
    .bind(tenantId, versionCode, `tenant/${tenantId}/ota/${versionCode}.zip`, now, userId, now, now)
    .first<{ id: number }>();
  return { id: row!.id, versionCode };
}

// 锁车管理's lists are read-only (a task comes from its own form, a record from the tasks, a package from its upload):
// the isolation and hostile-search tests put a row in through SQL and look for its label
const seeds: Record<string, Seed> = {
  async lockTask(t) {
    const v = await makeVehicle(t.tenantId);
    const number = unique("SC-");
    const now = Date.now();
    await env.DB.prepare("insert into lock_tasks (tenant_id, number, vehicle_id, operation, reason, command_id, state, creator_id, version, created_at, updated_at) values (?, ?, ?, 'lock1', '测试', ?, 2, ?, 1, ?, ?)")
      .bind(t.tenantId, number, v.id, await command(t.tenantId, v.id, "lock", { operation: "lock1" }), t.userId, now, now)
      .run();
    return number;
  },
  async lockRecord(t) {
    const plate = unique("沪R");
    const v = await makeVehicle(t.tenantId, { plate });
    await env.DB.prepare("insert into lock_emergencies (tenant_id, vehicle_id, device_time, reason, creator_id, created_at) values (?, ?, '26120408', '测试', ?, ?)").bind(t.tenantId, v.id, t.userId, Date.now()).run();
    return plate;
  },
  async otaPackage(t) {
    return (await packageRow(t.tenantId, t.userId)).versionCode;
  },
  async otaTask(t) {
    const pkg = await packageRow(t.tenantId, t.userId);
    const v = await makeVehicle(t.tenantId);
    const number = unique("SJ-");
    const now = Date.now();
    const task = await env.DB.prepare("insert into ota_tasks (tenant_id, number, package_id, upgrade_type, creator_id, version, created_at, updated_at) values (?, ?, ?, 'terminal', ?, 1, ?, ?) returning id")
      .bind(t.tenantId, number, pkg.id, t.userId, now, now)
      .first<{ id: number }>();
    await env.DB.prepare("insert into ota_task_vehicles (tenant_id, task_id, vehicle_id, command_id, attempts) values (?, ?, ?, ?, 1)").bind(t.tenantId, task!.id, v.id, await command(t.tenantId, v.id, "ota", { url: "https://example.invalid/fw.zip", version: pkg.versionCode, packageId: pkg.id, taskId: task!.id })).run();
    return number;
  },
};

export default { seeds } satisfies DomainFactories;
