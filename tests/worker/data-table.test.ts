import { env } from "cloudflare:test";
import { readSheet } from "read-excel-file/universal";
import { describe, expect, it } from "vitest";
import { FACTORIES } from "./factories";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";

// The list machinery as the server renders it: what a user sees before JavaScript and what a bookmark opens.

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  return { ...t, cookie: await signIn(t.account, t.password) };
}

/** n more users in the tenant, made by SQLite in one statement, newest last. */
async function addUsers(tenantId: number, orgId: number, prefix: string, n: number) {
  await env.DB.prepare(
    `insert into users (tenant_id, org_id, login_account, user_name, password_hash, state, version, created_at, updated_at)
     select ?1, ?2, ?3 || i, '批量' || ?3 || i, 'x', case when i % 2 = 0 then 0 else 1 end, 1, 1600000000000 + i * 1000, 1600000000000
     from (with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ?4) select i from seq)`,
  )
    .bind(tenantId, orgId, prefix, n)
    .run();
}

const cellsOf = (row: string) => [...row.matchAll(/<td[^>]*>([^<]*)</g)].map((m) => m[1]);
const bodyRows = (html: string) => [...html.slice(html.indexOf("<tbody")).matchAll(/<tr[^>]*>[\s\S]*?<\/tr>/g)].map((m) => m[0]);

describe("序号", () => {
  it("numbers rows across pages, in the first column", async () => {
    const a = await adminOf();
    const prefix = unique("no");
    await addUsers(a.tenantId, a.rootOrgId, prefix, 45);
    const html = await (await get(`/userManage?q=${prefix}&sort=createdAt&order=asc&page=2`, a.cookie)).text();
    expect(html).toMatch(/<th scope="col"[^>]*>序号<\/th>/);
    const rows = bodyRows(html);
    expect(rows).toHaveLength(20);
    // the checkbox cell comes first, then 序号, then the account: the 21st user is on row 21
    expect(cellsOf(rows[0]!).slice(1, 3)).toEqual(["21", `${prefix}21`]);
    expect(cellsOf(rows[19]!).slice(1, 3)).toEqual(["40", `${prefix}40`]);
    const last = bodyRows(await (await get(`/userManage?q=${prefix}&sort=createdAt&order=asc&page=3`, a.cookie)).text());
    expect(last.map((r) => cellsOf(r)[1])).toEqual(["41", "42", "43", "44", "45"]);
  });
});

describe("a list's statements, prepared once per filter, sort and page size", () => {
  it("read the rows as they are now: a page, the next page and the total after a user was added", async () => {
    const a = await adminOf();
    const prefix = unique("pl");
    await addUsers(a.tenantId, a.rootOrgId, prefix, 21);
    const page = async (n: number) => (await get(`/userManage?q=${prefix}&sort=createdAt&order=desc&page=${n}`, a.cookie)).text();
    const first = await page(1);
    expect(first).toContain("共 21 条");
    expect(cellsOf(bodyRows(first)[0]!)[2]).toBe(`${prefix}21`);
    expect(bodyRows(await page(2)).map((r) => cellsOf(r)[2])).toEqual([`${prefix}1`]);

    // the same list again, after one more user: the new one comes first and the last moves to page 2
    await env.DB.prepare(
      `insert into users (tenant_id, org_id, login_account, user_name, password_hash, state, version, created_at, updated_at)
       values (?1, ?2, ?3, ?3, 'x', 1, 1, 1700000000000, 1700000000000)`,
    )
      .bind(a.tenantId, a.rootOrgId, `${prefix}new`)
      .run();
    const again = await page(1);
    expect(again).toContain("共 22 条");
    expect(cellsOf(bodyRows(again)[0]!)[2]).toBe(`${prefix}new`);
    expect(bodyRows(await page(2)).map((r) => cellsOf(r)[2])).toEqual([`${prefix}2`, `${prefix}1`]);
  });

  it("are the tenant's own: another tenant's list with the same filter shows its own rows", async () => {
    const [a, b] = [await adminOf(), await adminOf()];
    const prefix = unique("pt");
    await addUsers(a.tenantId, a.rootOrgId, `${prefix}a`, 3);
    await addUsers(b.tenantId, b.rootOrgId, `${prefix}b`, 2);
    const accounts = async (t: { cookie: string }) => bodyRows(await (await get(`/userManage?q=${prefix}`, t.cookie)).text()).map((r) => cellsOf(r)[2]);
    expect(await accounts(a)).toEqual([`${prefix}a3`, `${prefix}a2`, `${prefix}a1`]);
    expect(await accounts(b)).toEqual([`${prefix}b2`, `${prefix}b1`]);
  });
});

describe("header filter", () => {
  it("offers a funnel on the state column that names the active filter, and the filter is the search bar's", async () => {
    const a = await adminOf();
    const prefix = unique("hf");
    await addUsers(a.tenantId, a.rootOrgId, prefix, 6);
    const plain = await (await get(`/userManage?q=${prefix}`, a.cookie)).text();
    expect(plain).toMatch(/<button[^>]*aria-label="筛选 状态"[^>]*data-testid="header-filter-state"/);
    expect(plain).not.toMatch(/data-active=""[^>]*data-testid="header-filter-state"/);

    // the URL the panel navigates to: state=0 lists the disabled ones only, and the funnel says so
    const filtered = await (await get(`/userManage?q=${prefix}&state=0`, a.cookie)).text();
    expect(filtered).toMatch(/aria-label="筛选 状态：停用"[^>]*data-active=""/);
    expect(filtered).toContain("共 3 条");
    expect(bodyRows(filtered).every((r) => r.includes("停用"))).toBe(true);
    // the search bar shows the same choice
    expect(filtered).toMatch(/<select id="filter-state" name="state"[\s\S]*?<option value="0" selected/);
  });

  it("works in English too", async () => {
    const a = await adminOf();
    const html = await (await get("/userManage?state=1", `${a.cookie}; derrick_lang=en-US`)).text();
    expect(html).toMatch(/<th scope="col"[^>]*>No\.<\/th>/);
    expect(html).toContain('aria-label="Filter by State: Enabled"');
  });
});

describe("expandable rows", () => {
  it("gives each operation-log row a collapsed toggle, and the export writes the change in full as a column", async () => {
    const a = await adminOf();
    const fields = FACTORIES.user!(a);
    const account = fields.loginAccount!;
    const saved = await postForm("/userManage", { intent: "create", ...fields }, { Cookie: a.cookie });
    expect(saved.status).toBe(302);

    const html = await (await get("/operationLog?entity=user", a.cookie)).text();
    const row = bodyRows(html)[0]!;
    expect(row).toMatch(/<button type="button" aria-expanded="false" aria-label="展开 [^"]*"/);
    // collapsed in the server HTML: the sub-row comes with the click
    expect(html).not.toContain('data-testid="expanded-row"');

    const sheet = await readSheet(await (await get("/excel/auditLog/export?entity=user", a.cookie)).arrayBuffer());
    expect(sheet[0]).not.toContain("序号");
    expect(sheet[0]).not.toContain("明细");
    expect(sheet[0]).toContain("变更明细");
    expect(String(sheet[1]![sheet[0]!.indexOf("变更明细")])).toContain(account);
  });
});

describe("操作成功！", () => {
  it("comes back with the page after a save, where the toast shows, not as a banner", async () => {
    const a = await adminOf();
    const saved = await postForm("/userManage", { intent: "create", ...FACTORIES.user!(a) }, { Cookie: a.cookie });
    expect(saved.status).toBe(302);
    const flash = saved.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const html = await (await get("/userManage", `${a.cookie}; ${flash}`)).text();
    expect(html).toMatch(/<div role="status"[^>]*data-tone="success"><span aria-hidden="true"[^>]*>✓<\/span><span class="flex-1">操作成功！<\/span>/);
    expect(html.match(/操作成功！/g)).toHaveLength(1);
    // said once: the next page load has no flash
    expect(await (await get("/userManage", a.cookie)).text()).not.toContain("操作成功！");
  });
});
