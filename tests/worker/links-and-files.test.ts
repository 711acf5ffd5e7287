// Issue 38 items 5, 6 and 9 as attacks through the Worker: a read-only user may neither see a statement's customer
// link nor make a statement with a GET; the customer link page sends no referrer; a file downloads only for whoever
// may read a record that names it (screen, tenant, data scope) or its uploader before any record does, and never by
// its sequential id.
import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../app/lib/password";
import { runBills } from "../../app/modules/billing/bill-run.server";
import { confirmBill, decideProposal, loadBill } from "../../app/modules/billing/bill.server";
import { sendStatement, statementForBill } from "../../app/modules/billing/statement.server";
import { bills, contractLines, contracts, customers, organisations, roleMenus, roles, statements, userRoles, users } from "../../db/schema";
import { billScope } from "./bill-fixtures";
import { db, get, makeTenant, ORIGIN, postForm, signIn, unique } from "./helpers";
import { makeVehicle } from "./telematics";

const PASSWORD = "Passw0rd@2026";
const DOWNLOAD = "/api/common/commonfile/downloadFile";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

type World = Awaited<ReturnType<typeof makeWorld>>;
let w: World;

/** A user of the tenant in the organisation given, with the role given. */
async function addUser(tenantId: number, orgId: number, roleId: number) {
  const account = unique("lf");
  const [u] = await db().insert(users).values({ tenantId, orgId, loginAccount: account, userName: unique("用户"), passwordHash: await hashPassword(PASSWORD), isAdmin: 0 }).returning({ id: users.id });
  await db().insert(userRoles).values({ tenantId, userId: u!.id, roleId });
  return { id: u!.id, cookie: await signIn(account, PASSWORD) };
}

/** Uploads a PNG as the cookie's user; answers the upload's id (what forms post) and key (what addresses carry). */
async function upload(cookie: string) {
  const form = new FormData();
  form.append("file", new File([PNG], "扫描件.png"));
  const res = await SELF.fetch(`${ORIGIN}/api/common/commonfile/uploadFile?kind=image`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie }, body: form });
  return ((await res.json()) as { data: { id: number; key: string } }).data;
}

const download = (cookie: string, key: string | number) => get(`${DOWNLOAD}?id=${key}`, cookie);

/** A confirmed bill of a contract in the tenant's root organisation (the statement tests' crane, September). */
async function confirmedBill(tenantId: number, userId: number) {
  const v = await makeVehicle(tenantId);
  const [customer] = await db().insert(customers).values({ tenantId, name: unique("浦东建工"), kind: "enterprise" }).returning({ id: customers.id });
  const [c] = await db()
    .insert(contracts)
    .values({ tenantId, number: unique("HT-"), kind: "rental", name: "陆家嘴吊装", customerId: customer!.id, startOn: "2026-09-01", settlementDay: 31, taxRateBp: 900, state: 3 })
    .returning({ id: contracts.id });
  await db().insert(contractLines).values({ tenantId, contractId: c!.id, lineNo: 1, vehicleId: v.id, monthlyCents: 3_000_000, onRentOn: "2026-09-01" });
  await runBills(db(), { tenantId, timeZone: "Asia/Shanghai", through: "2026-09-30" });
  const [bill] = await db().select().from(bills).where(eq(bills.contractId, c!.id));
  const scope = billScope(tenantId, userId, ["contractBillReport:confirm", "contractBillReport:edit"]);
  for (const p of (await loadBill(scope, bill!.id))!.proposals) await decideProposal(scope, bill!.id, p.id, false, "设备在场待命，按月计费");
  expect(await confirmBill(scope, bill!.id)).toEqual({ ok: true });
  return { scope, billId: bill!.id };
}

async function makeWorld() {
  const t = await makeTenant({ role: "admin" });
  const clerk = await signIn(t.account, t.password);
  // a read-only user of the bills screen: the screen and no code (the seeded viewer's kind)
  const [readOnly] = await db().insert(roles).values({ tenantId: t.tenantId, name: unique("只读") }).returning({ id: roles.id });
  const billMenu = await env.DB.prepare("select id from menus where tenant_id = ? and router_path = '/contractBillReport'").bind(t.tenantId).first<{ id: number }>();
  await db().insert(roleMenus).values({ tenantId: t.tenantId, roleId: readOnly!.id, menuId: billMenu!.id });
  const viewer = await addUser(t.tenantId, t.rootOrgId, readOnly!.id);
  // a project department's user (the seeded "shanghai" kind): every screen, the department's rows only
  const [dept] = await db().insert(organisations).values({ tenantId: t.tenantId, parentId: t.rootOrgId, name: unique("上海项目部") }).returning({ id: organisations.id });
  const shanghai = await addUser(t.tenantId, dept!.id, t.roleIds.admin);

  // a sent statement, and a second confirmed bill with no statement yet
  const sent = await confirmedBill(t.tenantId, t.userId);
  const made = await statementForBill(sent.scope, sent.billId);
  if (!made.ok) throw new Error(made.message);
  const link = await sendStatement(sent.scope, made.id);
  if (!link.ok) throw new Error(link.message);
  const fresh = await confirmedBill(t.tenantId, t.userId);

  // the head office's customer and the department's, each with a licence scan attached
  const headScan = await upload(clerk);
  const deptScan = await upload(clerk);
  await db().insert(customers).values({ tenantId: t.tenantId, orgId: t.rootOrgId, name: unique("总部客户"), kind: "enterprise", attachments: String(headScan.id) });
  await db().insert(customers).values({ tenantId: t.tenantId, orgId: dept!.id, name: unique("上海客户"), kind: "enterprise", attachments: `${deptScan.id}` });
  return { t, clerk, viewer, shanghai, statementId: made.id, linkPath: link.path, freshBillId: fresh.billId, headScan, deptScan };
}

beforeAll(async () => {
  w = await makeWorld();
});

const statementCount = async () => (await db().select({ id: statements.id }).from(statements).where(eq(statements.tenantId, w.t.tenantId))).length;

describe("the statement's customer link (issue 38 item 5)", () => {
  it("is on the page of whoever may send the statement, and not on the read-only viewer's", async () => {
    const token = w.linkPath.slice("/statement/".length);
    // the document carries the loader's data: the link is there for the clerk, not for the viewer
    const clerkPage = await get(`/contractBillReport/statement?id=${w.statementId}`, w.clerk);
    expect(await clerkPage.text()).toContain(token);
    const viewerPage = await get(`/contractBillReport/statement?id=${w.statementId}`, w.viewer.cookie);
    expect(viewerPage.status).toBe(200);
    const html = await viewerPage.text();
    expect(html).not.toContain(token);
    expect(html).not.toContain("/statement/ey");
  });

  it("is made by a POST with the send permission, never by a GET", async () => {
    const before = await statementCount();
    // the viewer's GET ?bill= opens nothing and makes nothing
    expect((await get(`/contractBillReport/statement?bill=${w.freshBillId}`, w.viewer.cookie)).status).toBe(404);
    // nor does the clerk's: a GET never writes
    expect((await get(`/contractBillReport/statement?bill=${w.freshBillId}`, w.clerk)).status).toBe(404);
    expect(await statementCount()).toBe(before);
    // the viewer's POST is refused
    expect((await postForm(`/contractBillReport/statement?bill=${w.freshBillId}`, { intent: "open" }, { Cookie: w.viewer.cookie })).status).toBe(403);
    expect(await statementCount()).toBe(before);
    // the clerk's POST makes it and opens it; a GET ?bill= then opens it for anyone on the screen
    const made = await postForm(`/contractBillReport/statement?bill=${w.freshBillId}`, { intent: "open" }, { Cookie: w.clerk });
    expect(made.status).toBe(302);
    expect(await statementCount()).toBe(before + 1);
    const opened = await get(`/contractBillReport/statement?bill=${w.freshBillId}`, w.viewer.cookie);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(made.headers.get("Location"));
  });
});

describe("the statement link page (issue 38 item 9)", () => {
  it("sends no referrer, as docs/billing.md promises", async () => {
    const page = await get(w.linkPath);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
  });
});

describe("file downloads (issue 38 item 6)", () => {
  it("follow the data scope of the record that names the file", async () => {
    expect((await download(w.shanghai.cookie, w.headScan.key)).status).toBe(404);
    expect((await download(w.shanghai.cookie, w.deptScan.key)).status).toBe(200);
    // the head office sees both
    expect((await download(w.clerk, w.headScan.key)).status).toBe(200);
    expect((await download(w.clerk, w.deptScan.key)).status).toBe(200);
  });

  it("need the screen that shows the record: the bills-only viewer gets none of the customers' scans", async () => {
    expect((await download(w.viewer.cookie, w.deptScan.key)).status).toBe(404);
  });

  it("never answer a sequential id", async () => {
    for (const id of [w.headScan.id, w.deptScan.id, 1, 2]) {
      const res = await download(w.clerk, id);
      expect(res.status, String(id)).toBe(404);
      expect(res.headers.get("Content-Type")).toContain("application/json");
    }
  });

  it("give a file no record names yet to its uploader only (a form's preview), and to them only until a record names it", async () => {
    const mine = await upload(w.shanghai.cookie);
    expect((await download(w.shanghai.cookie, mine.key)).status).toBe(200);
    expect((await download(w.clerk, mine.key)).status).toBe(404);
    // once a head-office record names it, it follows that record's scope: out of the uploader's
    await db().insert(customers).values({ tenantId: w.t.tenantId, orgId: w.t.rootOrgId, name: unique("总部客户"), kind: "enterprise", attachments: `${w.headScan.id},${mine.id}` });
    expect((await download(w.clerk, mine.key)).status).toBe(200);
    expect((await download(w.shanghai.cookie, mine.key)).status).toBe(404);
  });
});
