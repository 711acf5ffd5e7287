import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";
import { makeContract, makeDepartment } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

const MONTH = "2026-03";

async function signedIn(orgOf?: (t: Awaited<ReturnType<typeof makeTenant>>) => Promise<number>) {
  const t = await makeTenant({ role: "admin" });
  // a user's organisation is read at sign-in: move them first
  if (orgOf) await env.DB.prepare("update users set org_id = ? where id = ?").bind(await orgOf(t), t.userId).run();
  return { ...t, cookie: await signIn(t.account, t.password) };
}

/** The HTML of one machine's row on the board. */
const rowOf = (html: string, plate: string) => {
  const start = html.indexOf(`data-plate="${plate}"`);
  expect(start, plate).toBeGreaterThan(-1);
  const end = html.indexOf("</tr>", start);
  return html.slice(start, end);
};
const bars = (row: string) => row.match(/data-testid="board-bar"/g)?.length ?? 0;

describe("/quickSchedule availability board", () => {
  it("draws the month's contract lines as bars labelled with the contract and customer, coloured by state, and leaves the rest bookable", async () => {
    const t = await signedIn();
    const busy = await makeVehicle(t.tenantId, { plate: "沪A排01", orgId: t.rootOrgId });
    const idle = await makeVehicle(t.tenantId, { plate: "沪A排02", orgId: t.rootOrgId });
    const stopped = await makeVehicle(t.tenantId, { plate: "沪A排03", orgId: t.rootOrgId, state: 0 });
    const executing = await makeContract(t.tenantId, { state: 3, customer: "浦东建工集团", lines: [{ vehicleId: busy.id, from: "2026-02-20", to: "2026-03-10" }] });
    const draft = await makeContract(t.tenantId, { state: 0, customer: "临港吊装", lines: [{ vehicleId: busy.id, from: "2026-03-20", to: null }] });
    // outside the window, or no longer in force: not on the board
    await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: idle.id, from: "2026-04-01", to: "2026-04-30" }] });
    await makeContract(t.tenantId, { state: 4, lines: [{ vehicleId: idle.id, from: "2026-03-01", to: "2026-03-05" }] });

    const res = await get(`/quickSchedule?month=${MONTH}`, t.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    const row = rowOf(html, "沪A排01");
    expect(bars(row)).toBe(2);
    expect(row).toContain(`${executing.number} · 浦东建工集团`);
    expect(row).toContain(`${draft.number} · 临港吊装`);
    expect(row).toMatch(/data-state="executing"/);
    expect(row).toMatch(/data-state="draft"/);
    expect(row).toContain(`/contractList/form?id=${executing.id}`);
    // 11–19 March is free between the two lines: one link books exactly those days into a new draft line
    expect(row).toContain(`/contractList/form?new=1&amp;vehicleId=${busy.id}&amp;from=2026-03-11&amp;to=2026-03-19`);
    const idleRow = rowOf(html, "沪A排02");
    expect(bars(idleRow)).toBe(0);
    expect(idleRow).toContain(`vehicleId=${idle.id}&amp;from=2026-03-01&amp;to=2026-03-31`);
    const stoppedRow = rowOf(html, "沪A排03");
    expect(stoppedRow).toContain("停用");
    expect(stoppedRow).not.toContain(`vehicleId=${stopped.id}`);
    // 31 day columns, and the month switcher's neighbours
    expect(html.match(/<th scope="col"/g)?.length).toBe(32);
    expect(html).toContain("month=2026-02");
    expect(html).toContain("month=2026-04");
  });

  it("shows a machine on two contracts over the same days as two bars, one above the other", async () => {
    const t = await signedIn();
    const v = await makeVehicle(t.tenantId, { plate: "沪A排11", orgId: t.rootOrgId });
    await makeContract(t.tenantId, { state: 2, lines: [{ vehicleId: v.id, from: "2026-03-05", to: "2026-03-15" }] });
    await makeContract(t.tenantId, { state: 1, lines: [{ vehicleId: v.id, from: "2026-03-10", to: "2026-03-25" }] });
    const row = rowOf(await (await get(`/quickSchedule?month=${MONTH}`, t.cookie)).text(), "沪A排11");
    expect(bars(row)).toBe(2);
    expect(row).toMatch(/top:0\.06rem/);
    expect(row).toMatch(/top:0\.34rem/);
  });

  it("lists only the machines of the user's data scope, and filters by type, state and search", async () => {
    const t = await signedIn(async (t) => makeDepartment(t.tenantId, t.rootOrgId));
    const dept = (await env.DB.prepare("select org_id from users where id = ?").bind(t.userId).first<{ org_id: number }>())!.org_id;
    const mine = await makeVehicle(t.tenantId, { plate: "沪A排21", orgId: dept });
    const theirs = await makeVehicle(t.tenantId, { plate: "沪A排22", orgId: t.rootOrgId });
    await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: theirs.id, from: "2026-03-01" }] });
    await env.DB.prepare("update vehicles set vehicle_type = '1' where id = ?").bind(mine.id).run();
    const html = await (await get(`/quickSchedule?month=${MONTH}`, t.cookie)).text();
    expect(html).toContain("沪A排21");
    expect(html).not.toContain("沪A排22");
    expect(await (await get(`/quickSchedule?month=${MONTH}&type=1`, t.cookie)).text()).toContain("沪A排21");
    expect(await (await get(`/quickSchedule?month=${MONTH}&type=2`, t.cookie)).text()).not.toContain("沪A排21");
    expect(await (await get(`/quickSchedule?month=${MONTH}&state=0`, t.cookie)).text()).toContain('data-testid="board-empty"');
    expect(await (await get(`/quickSchedule?month=${MONTH}&q=排21`, t.cookie)).text()).toContain("沪A排21");
  });

  it("never shows another tenant's machines or contracts, and answers a bad month with the current one", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const theirs = await makeVehicle(b.tenantId, { plate: "沪B排31" });
    const contract = await makeContract(b.tenantId, { state: 3, lines: [{ vehicleId: theirs.id, from: "2026-03-01" }] });
    const html = await (await get(`/quickSchedule?month=${MONTH}`, a.cookie)).text();
    expect(html).not.toContain("沪B排31");
    expect(html).not.toContain(contract.number);
    expect((await get("/quickSchedule?month=2026-13&page=-4", a.cookie)).status).toBe(200);
  });

  it("speaks English to an English user", async () => {
    const t = await signedIn();
    await makeVehicle(t.tenantId, { plate: "沪A排41", orgId: t.rootOrgId, state: 0 });
    const html = await (await get(`/quickSchedule?month=${MONTH}`, `${t.cookie}; derrick_lang=en-US`)).text();
    expect(html).toContain("Quick Scheduling");
    expect(html).toContain("Stopped");
  });
});

describe("/deviceDetails rental", () => {
  it("shows the machine's executing contract (number, customer, site, on-rent day) and its rental history, linked to the contracts", async () => {
    const t = await signedIn();
    const v = await makeVehicle(t.tenantId, { plate: "沪A详01", orgId: t.rootOrgId });
    const today = new Date().toLocaleDateString("sv-SE", { timeZone: "Asia/Shanghai" });
    const past = await makeContract(t.tenantId, { state: 4, customer: "宝山钢构", lines: [{ vehicleId: v.id, from: "2025-05-01", to: "2025-06-30" }] });
    const now = await makeContract(t.tenantId, { state: 3, customer: "浦东建工集团", site: "临港新片区海港大道工地", lines: [{ vehicleId: v.id, from: "2026-01-05", to: null }] });
    const html = await (await get(`/deviceDetails?id=${v.id}`, t.cookie)).text();
    const current = html.slice(html.indexOf('data-testid="current-contract"'), html.indexOf('data-testid="rental-history"'));
    expect(current).toContain(now.number);
    expect(current).toContain("浦东建工集团");
    expect(current).toContain("临港新片区海港大道工地");
    expect(current).toContain("2026-01-05");
    expect(current).toContain(`/outcarRecord?new=1&amp;lineId=${now.lineIds[0]}`);
    const history = html.slice(html.indexOf('data-testid="rental-history"'));
    expect(history).toContain(past.number);
    expect(history).toContain("宝山钢构");
    expect(history).toContain("已完成");
    expect(history).toContain(`/contractList/form?id=${past.id}`);
    expect(today >= "2026-01-05").toBe(true);
  });
});

describe("/quickSchedule 待派设备: a line that names a kind of machine is given one", () => {
  /** Two tower cranes and a truck crane; a live line holds the first crane from 20 March; two by-type lines want a crane. */
  async function wanting() {
    const t = await signedIn();
    const busy = await makeVehicle(t.tenantId, { plate: unique("沪A塔"), orgId: t.rootOrgId });
    const free = await makeVehicle(t.tenantId, { plate: unique("沪A塔"), orgId: t.rootOrgId });
    const truck = await makeVehicle(t.tenantId, { plate: unique("沪A汽"), orgId: t.rootOrgId });
    await env.DB.prepare("update vehicles set vehicle_type = '3' where id in (?, ?)").bind(busy.id, free.id).run();
    await env.DB.prepare("update vehicles set vehicle_type = '1' where id = ?").bind(truck.id).run();
    await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: busy.id, from: "2026-03-20", to: "2026-04-10" }] });
    const first = await makeContract(t.tenantId, { state: 3, customer: "浦东建工集团", lines: [{ vehicleId: null, type: "3", from: "2026-03-05", to: "2026-03-25" }] });
    const second = await makeContract(t.tenantId, { state: 2, lines: [{ vehicleId: null, type: "3", from: "2026-03-10", to: null }] });
    return { t, busy, free, truck, first, second };
  }
  const assign = (cookie: string, lineId: number, vehicleId: number) => postForm(`/quickSchedule?month=${MONTH}&assign=1`, { intent: "assign", lineId: String(lineId), vehicleId: String(vehicleId) }, { Cookie: cookie });
  const lineVehicle = async (lineId: number) => (await env.DB.prepare("select vehicle_id v from contract_lines where id = ?").bind(lineId).first<{ v: number | null }>())!.v;

  it("lists each wanting line with the machines of its kind free over its days, and gives it the one chosen", async () => {
    const { t, busy, free, truck, first } = await wanting();
    // asked for: the board alone does not read them
    const board = await (await get(`/quickSchedule?month=${MONTH}`, t.cookie)).text();
    expect(board).not.toContain("待派设备（");
    expect(board).toContain(`/quickSchedule?month=${MONTH}&amp;assign=1`);
    const html = await (await get(`/quickSchedule?month=${MONTH}&assign=1`, t.cookie)).text();
    expect(html).toContain("待派设备（2）");
    const row = html.slice(html.indexOf(`data-line="${first.lineIds[0]}"`), html.indexOf("</tr>", html.indexOf(`data-line="${first.lineIds[0]}"`)));
    expect(row).toContain(first.number);
    expect(row).toContain("浦东建工集团");
    expect(row).toContain("塔吊");
    expect(row).toContain("2026-03-05 ～ 2026-03-25");
    // the free crane only: the other is held from the 20th, the truck crane is another kind
    const offered = [...row.matchAll(/<option value="(\d+)">/g)].map((m) => Number(m[1]));
    expect(offered).toEqual([free.id]);
    expect(offered).not.toContain(busy.id);
    expect(offered).not.toContain(truck.id);

    // posted anyway: refused, each with its reason, nothing written
    const held = await assign(t.cookie, first.lineIds[0]!, busy.id);
    expect(held.status).toBe(409);
    expect(await held.text()).toContain("所选设备在该租期内已被其他合同占用");
    const wrong = await assign(t.cookie, first.lineIds[0]!, truck.id);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("所选设备与该行约定的设备类型不符");
    expect(await lineVehicle(first.lineIds[0]!)).toBeNull();

    const done = await assign(t.cookie, first.lineIds[0]!, free.id);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(`已为合同${first.number}派车`);
    expect(await lineVehicle(first.lineIds[0]!)).toBe(free.id);
    expect(await env.DB.prepare("select count(*) n from audit_logs where tenant_id = ? and action = 'assignMachine' and entity_id = ?").bind(t.tenantId, String(first.id)).first("n")).toBe(1);
    // the board now draws it on the crane's row; the panel has one line left, which the crane is no longer free for
    const after = await (await get(`/quickSchedule?month=${MONTH}&assign=1`, t.cookie)).text();
    expect(after).toContain("待派设备（1）");
    expect(bars(rowOf(after, (await env.DB.prepare("select plate from vehicles where id = ?").bind(free.id).first<{ plate: string }>())!.plate))).toBe(1);
    expect(after).not.toContain(`<option value="${free.id}">`);
    expect(after).toContain("该租期内没有空闲的同类设备");
  });

  it("gives a free crane to one of two overlapping lines when twenty assignments race, and refuses the rest", async () => {
    const { t, free, first, second } = await wanting();
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => assign(t.cookie, (i % 2 ? second : first).lineIds[0]!, free.id)));
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    expect(all.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const given = [await lineVehicle(first.lineIds[0]!), await lineVehicle(second.lineIds[0]!)];
    expect(given.filter((v) => v === free.id)).toHaveLength(1);
    expect(given.filter((v) => v === null)).toHaveLength(1);
    expect(await env.DB.prepare("select count(*) n from audit_logs where tenant_id = ? and action = 'assignMachine'").bind(t.tenantId).first("n")).toBe(1);
  });

  it("refuses a user who may not change contracts, another tenant's line or machine, and a bad id", async () => {
    const { t, free, first } = await wanting();
    const viewer = await makeTenant({ role: "viewer" });
    const dispatcher = await makeTenant({ role: "dispatcher" });
    const other = await signedIn();
    for (const cookie of [await signIn(viewer.account, viewer.password), await signIn(dispatcher.account, dispatcher.password), other.cookie]) {
      const res = await assign(cookie, first.lineIds[0]!, free.id);
      expect(res.status).toBeGreaterThanOrEqual(300);
    }
    const mine = await makeVehicle(other.tenantId, { plate: unique("沪B塔"), orgId: other.rootOrgId });
    await env.DB.prepare("update vehicles set vehicle_type = '3' where id = ?").bind(mine.id).run();
    expect((await assign(t.cookie, first.lineIds[0]!, mine.id)).status).toBe(404);
    expect((await postForm(`/quickSchedule`, { intent: "assign", lineId: "1e99", vehicleId: "x" }, { Cookie: t.cookie })).status).toBe(400);
    expect(await lineVehicle(first.lineIds[0]!)).toBeNull();
  });
});

describe("the contract line's machine finder (/api/vehicles/choices?for=contractLine)", () => {
  const find = async (cookie: string, params: Record<string, string>) => {
    const res = await get(`/api/vehicles/choices?${new URLSearchParams({ for: "contractLine", ...params })}`, cookie);
    return { status: res.status, rows: res.status === 200 ? ((await res.json()) as { data: { id: number; plate: string; type: string | null; model: string | null; heldBy: { number: string; from: string; to: string | null } | null }[] }).data : [] };
  };

  it("lists the user's machines of the line's type, free ones first, and names the contract holding the others on the line's days", async () => {
    const t = await signedIn();
    const tag = unique("找");
    const free = await makeVehicle(t.tenantId, { plate: `${tag}2`, orgId: t.rootOrgId });
    const held = await makeVehicle(t.tenantId, { plate: `${tag}1`, orgId: t.rootOrgId });
    const truck = await makeVehicle(t.tenantId, { plate: `${tag}3`, orgId: t.rootOrgId });
    const [model] = (await env.DB.prepare("insert into vehicle_models (tenant_id, name, created_at, updated_at) values (?, 'QTZ80', ?, ?) returning id").bind(t.tenantId, Date.now(), Date.now()).all<{ id: number }>()).results;
    await env.DB.prepare("update vehicles set vehicle_type = '3', model_id = ? where id in (?, ?)").bind(model!.id, free.id, held.id).run();
    const holder = await makeContract(t.tenantId, { state: 3, lines: [{ vehicleId: held.id, from: "2026-03-01", to: "2026-03-31" }] });
    const { status, rows } = await find(t.cookie, { q: tag, type: "3", from: "2026-03-20", to: "2026-04-10" });
    expect(status).toBe(200);
    expect(rows.map((r) => [r.plate, r.model, r.heldBy])).toEqual([
      [`${tag}2`, "QTZ80", null],
      [`${tag}1`, "QTZ80", { number: holder.number, from: "2026-03-01", to: "2026-03-31" }],
    ]);
    // after the holder's days both are free; a model name finds them too; without a type the truck is offered as well
    expect((await find(t.cookie, { q: tag, from: "2026-04-01" })).rows.map((r) => [r.plate, r.heldBy])).toEqual([
      [`${tag}1`, null],
      [`${tag}2`, null],
      [`${tag}3`, null],
    ]);
    expect((await find(t.cookie, { q: "qtz80", type: "3" })).rows.map((r) => r.id).sort()).toEqual([free.id, held.id].sort());
    // the contract being amended holds nothing against itself
    expect((await find(t.cookie, { q: tag, type: "3", from: "2026-03-20", contract: String(holder.id) })).rows.every((r) => r.heldBy === null)).toBe(true);
    expect(truck.id).toBeGreaterThan(0);
  });

  it("offers nothing outside the user's tenant or data scope, ignores bad days and ids, and refuses a user who may not write contracts", async () => {
    const t = await signedIn();
    const other = await signedIn();
    const tag = unique("外");
    await makeVehicle(other.tenantId, { plate: `${tag}1`, orgId: other.rootOrgId });
    expect((await find(t.cookie, { q: tag })).rows).toEqual([]);
    const dept = await makeDepartment(t.tenantId, t.rootOrgId);
    await makeVehicle(t.tenantId, { plate: `${tag}2`, orgId: t.rootOrgId });
    const scoped = await signedIn(async (x) => makeDepartment(x.tenantId, x.rootOrgId));
    expect((await find(scoped.cookie, { q: tag })).rows).toEqual([]);
    expect(dept).toBeGreaterThan(0);
    const bad = await find(t.cookie, { q: `${tag}%_'"`.repeat(20), from: "2026-02-30", to: "x", contract: "1e99", type: "' or 1=1 --" });
    expect(bad.status).toBe(200);
    expect(bad.rows).toEqual([]);
    const viewer = await makeTenant({ role: "viewer" });
    expect((await find(await signIn(viewer.account, viewer.password), { q: tag })).status).toBe(403);
  });
});
