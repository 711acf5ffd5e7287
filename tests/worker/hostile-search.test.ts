import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { alarms, buildCompanies, drivers, roles, users, vehicles } from "../../db/schema";
import { ALARM_FILTERS, ALARM_PATH } from "../../app/modules/alarms/alarm.view";
import { registeredResources } from "../../app/modules/resource/registry.server";
import { SCREENS } from "../../app/modules/screens/registry";
import { FACTORIES, PREPARE, SEEDS } from "./factories";
import { db, makeTenant, postForm, signIn, unique, workerFetch } from "./helpers";
import { terminalNo } from "./telematics";

// Whatever is typed in a list's search, or put in its URL, the list answers without a server error, and an ordinary
// search still finds its row. Every resource's filters and every built screen are walked from the registries, so a
// new list is covered (or this test asks where it belongs).

/** Search text an attacker, a paste or a bookmark may send. */
const HOSTILE = [
  "a".repeat(60),
  "x".repeat(500),
  "张".repeat(60),
  "张".repeat(17),
  "😀".repeat(30),
  "é".repeat(40),
  "_".repeat(40),
  "\\".repeat(40),
  "%",
  "%%%",
  "_",
  "\\",
  "\\%",
  "'",
  '"',
  "'; drop table users; --",
  "\u0000abc",
  "%00abc",
  "a\u0001b\u001fc\u007fd",
  "\t\n\r",
  '"abc',
  'a"b"c',
  "a*",
  "*",
  "NEAR(a b)",
  "abc OR",
  "abc AND def",
  "-abc",
  "^abc",
  "login_account:abc",
  "(((",
  " ".repeat(80) + "abc",
];
/**
 * A few of them: for screens whose lists are walked in full elsewhere or that have none, and for parameters read by a
 * parser rather than searched (a choice, a day, a period, a grouping, a page): what a parser cannot read it refuses or
 * ignores alike, and the whole list above (its LIKE, FTS and length cases) would only say the same thirty times over.
 */
const SAMPLE = ["a".repeat(60), "张".repeat(60), "\u0000abc", '"abc', "%_\\"];
/** The values for a filter of this type: the whole list for searched text, the sample for what a parser reads. */
const valuesFor = (type: string) => (type === "text" ? HOSTILE : SAMPLE);

/** A GET as the page's own navigations send it (helpers' workerFetch: this file sends over a thousand requests). */
const get = (path: string, cookie: string) => workerFetch(path, { headers: { "Accept-Language": "zh-CN,zh;q=0.9", Cookie: cookie } });

async function adminTenant() {
  const t = await makeTenant({ role: "admin" });
  return { ...t, cookie: await signIn(t.account, t.password) };
}

/** A vehicle of the tenant, straight into the business database: the searches need its row, not its terminal. */
async function addVehicle(t: { tenantId: number; rootOrgId: number }, plate = unique("沪H")) {
  const [row] = await db().insert(vehicles).values({ tenantId: t.tenantId, orgId: t.rootOrgId, plate, terminalNo: terminalNo(), state: 1 }).returning({ id: vehicles.id });
  return row!.id;
}

/**
 * Every hostile text in `key` on `path` (with the other parameters given): no answer may be a server error. A screen's
 * loaders read each text through the route's data (`<path>.data`, what the page's own navigations fetch: the same
 * loaders and SQL, without drawing the page); the page itself is drawn with the sample (its search box, its
 * "nothing found" with what was typed). An API or a download is asked as it is.
 */
async function expectNoServerError(cookie: string, path: string, key: string, extra: Record<string, string> = {}, values = HOSTILE) {
  const failures: string[] = [];
  const screen = !path.startsWith("/api/") && !path.startsWith("/excel/");
  for (const value of values) {
    const query = new URLSearchParams({ ...extra, [key]: value });
    const urls = !screen ? [`${path}?${query}`] : SAMPLE.includes(value) ? [`${path}.data?${query}`, `${path}?${query}`] : [`${path}.data?${query}`];
    for (const url of urls) {
      const res = await get(url, cookie);
      await res.arrayBuffer();
      if (res.status >= 500) failures.push(`${url} → ${res.status}`);
    }
  }
  expect(failures).toEqual([]);
}

/** The reports: a period (a quick range, or from and to) and a grouping, read from the URL. */
const REPORT_PATHS = ["/contractRevenue", "/customerZeroRentReport", "/overtimeReport", "/operateDataReport", "/operationReport", "/oilWearReport", "/hdReport", "/tjwsWorkingReport", "/performanceReport", "/engineeringEquipment", "/engineeringEquipmentList", "/mileageReport", "/onlineReport", "/drivingBehaviorReport", "/reportStat"];
/** The customer's big screens read the customer chosen (?customer=) and the theme. */
const WALL_PATHS = ["/customerScreen", "/customerScreenInfo"];
/** The wind screens read the project chosen (?project=) and the theme. */
const WIND_PATHS = ["/windScreen", "/windScreenOwner"];

const RESOURCE_PATHS = new Set(Object.values(registeredResources()).map((r) => r.resource.view.path));

/** Built screens with a search of their own (not a registered resource), and where it is tested below. */
const BESPOKE_SEARCH = new Set([ALARM_PATH, "/historyTrack", "/workPlayBack", "/quickSchedule", "/equipmentPaymentCollection", "/overdueContract", ...REPORT_PATHS, ...WALL_PATHS, ...WIND_PATHS]);
/** Built screens whose loaders read no search text (they are still sent one, below). */
const NO_SEARCH = new Set([
  "/manageWork",
  "/homeworkScreen",
  "/towerScreen",
  "/competitionScreen",
  "/deviceDetails",
  "/replayDetail/:id",
  "/equipmentHeatMap",
  "/equipmentMonitor",
  "/bussinessinfo",
  "/zhongtaiMailSet",
  "/mapConfig",
  "/tenantConfig",
  "/pageConfig",
  "/applicationManage/form",
  "/login",
  "/loginAdmin",
  "/resetPassword",
  // the inspector's own tasks and records, the newest (no search: a phone's list of today's work)
  "/personalInspection",
  // 状态报表 (a period and a machine chosen from a list; its 健康检测 tab's plate filter is tested in terminal-health.test.ts) and 区域设备 (a drawn area)
  "/stateReport",
  "/areaEquipment",
]);
const BUILT = SCREENS.filter((s) => s.status === "built");

describe("the walk covers every list", () => {
  it("finds the known lists, and every built screen is a resource, a bespoke search or has no search", () => {
    expect(RESOURCE_PATHS.size).toBeGreaterThan(10);
    for (const path of ["/userManage", "/roleManage", "/disData", "/deviceList", "/deviceList/drivers", "/dataPermission", "/operationLog", "/visitLog"]) expect(RESOURCE_PATHS).toContain(path);
    // a screen built since this list was written must be placed in one of the three, so its search gets tested
    const unplaced = BUILT.map((s) => s.path).filter((p) => [RESOURCE_PATHS.has(p), BESPOKE_SEARCH.has(p), NO_SEARCH.has(p)].filter(Boolean).length !== 1);
    expect(unplaced).toEqual([]);
    // and the hand lists name only built screens
    const built = new Set(BUILT.map((s) => s.path));
    expect([...BESPOKE_SEARCH, ...NO_SEARCH].filter((p) => !built.has(p))).toEqual([]);
  });
});

// a list with many searched filters sends hundreds of requests (the contract bill report's took 22 s on a loaded machine)
describe("hostile search text answers without a server error", { timeout: 90_000 }, () => {
  for (const [name, { resource }] of Object.entries(registeredResources())) {
    const { view } = resource;
    it(`${name} (${view.path}): every filter, the list and its export`, async () => {
      const t = await adminTenant();
      // rows to search: SQLite checks a LIKE pattern only when it compares a row
      const vehicleId = await addVehicle(t);
      await PREPARE[name]?.(t);
      if (view.readOnly) await SEEDS[name]!(t);
      else await postForm(view.path, { intent: "create", ...FACTORIES[name]!(t), ...(name === "driver" ? { vehicleId: String(vehicleId) } : {}) }, { Cookie: t.cookie });
      const table = (resource.table as unknown as { [k: symbol]: string })[Symbol.for("drizzle:Name")];
      const rows = await env.DB.prepare(`select count(*) as n from ${table} where tenant_id = ?`).bind(t.tenantId).first<{ n: number }>();
      expect(rows!.n).toBeGreaterThan(0);
      for (const filter of view.filters) {
        await expectNoServerError(t.cookie, view.path, filter.key, {}, valuesFor(filter.type));
        // the export reads through the same list query (listResource) the list's loader was just sent every text through
        if (filter.type === "text") await expectNoServerError(t.cookie, `/excel/${name}/export`, filter.key, {}, SAMPLE);
      }
    });
  }

  it(`${ALARM_PATH}: every filter`, async () => {
    const t = await adminTenant();
    const vehicleId = await addVehicle(t);
    await db().insert(alarms).values({ tenantId: t.tenantId, vehicleId, hubKey: unique("hs:"), kind: "overspeed", level: 2, at: Date.now() - 60_000, lng: 121.47, lat: 31.23, speed: 88, handleState: 0 });
    expect(ALARM_FILTERS.some((f) => f.key === "q")).toBe(true);
    for (const filter of ALARM_FILTERS) await expectNoServerError(t.cookie, ALARM_PATH, filter.key, {}, valuesFor(filter.type));
  });

  it("/historyTrack and /workPlayBack: the vehicle search", async () => {
    const t = await adminTenant();
    await addVehicle(t);
    for (const path of ["/historyTrack", "/workPlayBack"]) await expectNoServerError(t.cookie, path, "q");
  });

  it("/quickSchedule: the board's search, month and page", async () => {
    const t = await adminTenant();
    await addVehicle(t);
    await expectNoServerError(t.cookie, "/quickSchedule", "q");
    for (const key of ["month", "type", "modelId", "page"]) await expectNoServerError(t.cookie, "/quickSchedule", key, {}, SAMPLE);
  });

  it("/equipmentPaymentCollection, /overdueContract and the reports: their search, customer, period and grouping", async () => {
    const t = await adminTenant();
    await addVehicle(t);
    // the searched texts get every hostile value; the periods, groupings and choices (parsed) the sample
    await expectNoServerError(t.cookie, "/equipmentPaymentCollection", "plate");
    await expectNoServerError(t.cookie, "/overdueContract", "q");
    for (const key of ["from", "to", "customerId"]) await expectNoServerError(t.cookie, "/equipmentPaymentCollection", key, {}, SAMPLE);
    for (const key of ["bucket", "customerId", "personId"]) await expectNoServerError(t.cookie, "/overdueContract", key, {}, SAMPLE);
    for (const path of REPORT_PATHS) for (const key of ["range", "from", "to", "by"]) await expectNoServerError(t.cookie, path, key, {}, SAMPLE);
    for (const path of WALL_PATHS) for (const key of ["customer", "theme"]) await expectNoServerError(t.cookie, path, key, {}, SAMPLE);
    for (const path of WIND_PATHS) for (const key of ["project", "theme"]) await expectNoServerError(t.cookie, path, key, {}, SAMPLE);
  }, 120_000);

  it("/api/vehicles/choices: both pickers", async () => {
    const t = await adminTenant();
    await addVehicle(t);
    for (const picker of ["userManage", "dataPermission"]) await expectNoServerError(t.cookie, "/api/vehicles/choices", "q", { for: picker });
  });
});

describe("every built screen, sent a search whether it reads one or not", () => {
  // one tenant for the walk: these requests only read, so no screen's test sees another's effects
  let tenant: Promise<{ cookie: string; vehicleId: number }> | undefined;
  const shared = () => (tenant ??= adminTenant().then(async (t) => ({ cookie: t.cookie, vehicleId: await addVehicle(t) })));
  for (const screen of BUILT) {
    it(screen.path, async () => {
      const { cookie, vehicleId } = await shared();
      await expectNoServerError(cookie, screen.path.replace(":id", String(vehicleId)), "q", {}, SAMPLE);
    });
  }
});

/** The list's total as the pager says it (no pager: nothing found). */
const totalOf = (html: string) => Number(/共 (\d+) 条/.exec(html)?.[1] ?? "0");
const search = async (cookie: string, path: string, q: string) => {
  const res = await get(`${path}?${new URLSearchParams({ q })}`, cookie);
  expect(res.status).toBe(200);
  return res.text();
};

describe("an ordinary search still finds its row, and only it", () => {
  it("takes _ and \\ literally, ' and \" as text, and % out of the search (spec §5)", async () => {
    const t = await adminTenant();
    const u = unique("");
    const names = [`5%_off${u}`, `5%Xoff${u}`, `a\\b'c"d${u}`, `a\\\\b'c"d${u}`, `aXb'c"d${u}`];
    await db().insert(buildCompanies).values(names.map((name) => ({ tenantId: t.tenantId, name })));
    // `_` is no wildcard: only the row with the underscore
    const underscore = await search(t.cookie, "/buildCompany", `%_off${u}`);
    expect(totalOf(underscore)).toBe(1);
    expect(underscore).toContain(`5%_off${u}</td>`);
    // a backslash is itself, not an escape; quotes are text
    expect(totalOf(await search(t.cookie, "/buildCompany", `a\\b'c"d${u}`))).toBe(1);
    expect(totalOf(await search(t.cookie, "/buildCompany", `\\b'c"d${u}`))).toBe(2);
    // control characters are dropped, not searched for
    expect(totalOf(await search(t.cookie, "/buildCompany", `\u0000off${u}\u0007`))).toBe(2);
    // _ in a role name (the role list)
    await db()
      .insert(roles)
      .values([`甲_${u}`, `甲X${u}`].map((name) => ({ tenantId: t.tenantId, name })));
    const role = await search(t.cookie, "/roleManage", `甲_${u}`);
    expect(totalOf(role)).toBe(1);
    expect(role).toContain(`甲_${u}</td>`);
  });

  it("finds a long name exactly, and a name longer than the search keeps by its beginning", async () => {
    const t = await adminTenant();
    const u = unique("");
    // 17 characters, 53 bytes as a LIKE pattern: past D1's limit of 50
    const head = "上海市浦东新区张江高科技园区碧波路";
    const long = `${head}六百九十号${u}`;
    const twin = `${head}七百号整${u}`;
    const ascii = `${u}${"k".repeat(70)}`;
    await db()
      .insert(buildCompanies)
      .values([long, twin, ascii].map((name) => ({ tenantId: t.tenantId, name })));
    const found = await search(t.cookie, "/buildCompany", long);
    expect(totalOf(found)).toBe(1);
    expect(found).toContain(`${long}</td>`);
    expect(totalOf(await search(t.cookie, "/buildCompany", head))).toBe(2);
    // 70+ characters: the search keeps its first 50, which still name the row. ASCII case is folded on both paths
    // (instr for a search this long, LIKE for a short one)
    expect(totalOf(await search(t.cookie, "/buildCompany", ascii))).toBe(1);
    expect(totalOf(await search(t.cookie, "/buildCompany", ascii.toUpperCase()))).toBe(1);
    expect(totalOf(await search(t.cookie, "/buildCompany", `${u.toUpperCase()}KK`))).toBe(1);
  });

  it("searches users through the trigram index with quotes, FTS words and control characters taken as text", async () => {
    const t = await adminTenant();
    const u = unique("");
    const row = (loginAccount: string, userName: string) => ({ tenantId: t.tenantId, orgId: t.rootOrgId, loginAccount, userName, passwordHash: "x", state: 1 });
    await db()
      .insert(users)
      .values([row(`q_${u}`, `名"引号${u}`), row(`qX${u}`, `名引号${u}`), row(`or${u}`, `NEAR(a b) OR ${u}`)]);
    expect(totalOf(await search(t.cookie, "/userManage", `q_${u}`))).toBe(1);
    expect(totalOf(await search(t.cookie, "/userManage", `\u0000q_${u}`))).toBe(1);
    expect(totalOf(await search(t.cookie, "/userManage", `名"引号${u}`))).toBe(1);
    expect(totalOf(await search(t.cookie, "/userManage", `NEAR(a b) OR ${u}`))).toBe(1);
    // two characters: the LIKE scan, with _ literal
    expect(totalOf(await search(t.cookie, "/userManage", "q_"))).toBe(1);
  });

  it("finds a driver by name and by the plate of the driver's vehicle", async () => {
    const t = await adminTenant();
    const plate = unique("沪D");
    const vehicleId = await addVehicle(t, plate);
    const name = unique("司").slice(0, 20);
    await db().insert(drivers).values({ tenantId: t.tenantId, name, vehicleId });
    await db().insert(drivers).values({ tenantId: t.tenantId, name: unique("他").slice(0, 20) });
    for (const q of [name, plate]) {
      const html = await search(t.cookie, "/deviceList/drivers", q);
      expect(totalOf(html)).toBe(1);
      expect(html).toContain(`${name}</td>`);
    }
  });
});
