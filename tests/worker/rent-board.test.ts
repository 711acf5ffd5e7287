import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, makeTenant, signIn } from "./helpers";
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
