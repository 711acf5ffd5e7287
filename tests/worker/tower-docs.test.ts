// 塔吊档案 (/towerDocument) over HTTP as a browser posts it, on the real local D1: a tower's file saved with its records
// and read back with the stage it is at; the order the records keep, refused at the record that breaks it, in both
// languages; one file a tower, also when twenty saves race; tower cranes only, the tenant's and the user's scope's;
// the stage on the tower screen's figures and on the tower's own page.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { towerFigures } from "../../app/modules/wall/tower.server";
import { db, get, makeTenant, postForm, signIn, signInDepartmentUser } from "./helpers";
import { makeDepartment } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

type Fields = Record<string, string>;

async function admin() {
  const t = await makeTenant();
  const cookie = await signIn(t.account, t.password);
  const machine = async (type: string, orgId: number = t.rootOrgId) => {
    const v = await makeVehicle(t.tenantId, { orgId });
    await env.DB.prepare("update vehicles set vehicle_type = ?, self_no = ? where id = ?").bind(type, `TC-${v.id}`, v.id).run();
    return v.id;
  };
  return {
    ...t,
    cookie,
    machine,
    post: (path: string, fields: Fields, lang = "zh-CN") => postForm(path, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }),
    page: async (path: string, lang = "zh-CN") => (await get(path, `${cookie}; derrick_lang=${lang}`)).text(),
  };
}

const record = (i: number, stage: string, doneOn: string, more: Fields = {}): Fields => ({
  [`records[${i}].stage`]: stage,
  [`records[${i}].doneOn`]: doneOn,
  [`records[${i}].docNo`]: more.docNo ?? "",
  [`records[${i}].height`]: more.height ?? "",
  [`records[${i}].sections`]: more.sections ?? "",
  [`records[${i}].agency`]: more.agency ?? "",
  [`records[${i}].remark`]: "",
});

/** registered, notified, installed at 40.5 m, accepted, jacked to 52.2 m: typed out of order, as a clerk catches up */
const file = (vehicleId: number, more: Fields = {}): Fields => ({
  intent: "save",
  vehicleId: String(vehicleId),
  recordNo: "沪建备塔2026-0311",
  site: "临港物流园三期",
  ownerUnit: "德瑞克起重设备租赁有限公司",
  installUnit: "上海建安起重设备安装有限公司",
  useUnit: "中建八局第三建设有限公司",
  armLength: "60",
  maxLoad: "10",
  remark: "",
  ...record(0, "1", "2026-09-01", { docNo: "沪建备塔2026-0311" }),
  ...record(1, "3", "2026-09-18", { height: "40.5", sections: "12" }),
  ...record(2, "2", "2026-09-10"),
  ...record(3, "4", "2026-09-20", { docNo: "SHTJ-2026-1204", agency: "上海市特种设备监督检验技术研究院" }),
  ...record(4, "5", "2026-10-15", { height: "52.2", sections: "16" }),
  ...more,
});
const idOf = (res: Response) => Number(/[?&]id=(\d+)/.exec(res.headers.get("Location") ?? "")?.[1]);
const count = async (tenantId: number) => (await env.DB.prepare("select count(*) as n from tower_docs where tenant_id = ?").bind(tenantId).first<{ n: number }>())!.n;

describe("塔吊档案: a tower crane's file and its stages", () => {
  it("stores the file and its records (heights in tenths), numbered TD-yyyyMM-nnnn; the list, the tower screen and the tower's page show its stage now", async () => {
    const a = await admin();
    const tower = await a.machine("3");
    const res = await a.post("/towerDocument/form?new=1", file(tower));
    expect(res.status).toBe(302);
    const id = idOf(res);
    const head = await env.DB.prepare("select number, arm_length, max_load from tower_docs where id = ?").bind(id).first<Record<string, unknown>>();
    expect(String(head!.number)).toMatch(/^TD-\d{6}-0001$/);
    expect(head).toMatchObject({ arm_length: 600, max_load: 100 });
    const records = (await env.DB.prepare("select stage, done_on, height, sections from tower_doc_records where doc_id = ? order by position").bind(id).all()).results;
    expect(records.map((r) => [r.stage, r.height])).toEqual([
      ["1", null],
      ["3", 405],
      ["2", null],
      ["4", null],
      ["5", 522],
    ]);
    // the list: the latest record is the jacking (顶升加节) of 2026-10-15, 52.2 m, one jacking
    const list = await a.page("/towerDocument?stage=5");
    expect(list).toContain(String(head!.number));
    expect(list).toContain("2026-10-15");
    expect(list).toContain("52.2");
    expect(await a.page("/towerDocument?stage=4")).not.toContain(String(head!.number));
    const f = await towerFigures(db(), { tenantId: a.tenantId, timeZone: "Asia/Shanghai", vehicleIds: "all" });
    expect(f.towers.find((x) => x.id === tower)).toMatchObject({ stage: 5, height: 52.2 });
    // the tower's page names the stage and opens the file; a tower without one offers to create it, chosen already
    const page = await a.page(`/deviceDetails?id=${tower}`);
    expect(page).toContain("顶升加节");
    expect(page).toContain(`/towerDocument/form?id=${id}`);
    const bare = await a.machine("3");
    expect(await a.page(`/deviceDetails?id=${bare}`)).toContain(`/towerDocument/form?new=1&amp;vehicleId=${bare}`);
    expect(await a.page(`/towerDocument/form?new=1&vehicleId=${bare}`)).toMatch(new RegExp(`<option[^>]*value="${bare}"[^>]*selected`));
    // a truck's page has no tower file
    expect(await a.page(`/deviceDetails?id=${await a.machine("5")}`)).not.toContain(`data-testid="tower-file"`);
  });

  it("keeps the stages' order whatever order they are typed in, refusing at the record that breaks it, in both languages", async () => {
    const a = await admin();
    const tower = await a.machine("3");
    const refused = async (more: Fields, lang = "zh-CN") => {
      const res = await a.post("/towerDocument/form?new=1", file(tower, more), lang);
      expect(res.status).toBe(409);
      return res.text();
    };
    // installed before it was notified
    expect(await refused({ "records[1].doneOn": "2026-09-05" })).toContain("日期不能早于前一阶段（2026-09-10）");
    // notified twice
    expect(await refused(record(5, "2", "2026-09-11"))).toContain("该阶段只能有一条记录（顶升除外）");
    // a jacking with no acceptance before it
    expect(await refused({ "records[3].stage": "3", "records[3].doneOn": "2026-09-19" })).toContain("顶升前须有“检测验收”记录");
    // something after the dismantling
    expect(await refused(record(5, "6", "2026-10-01"))).toContain("拆卸后不能再有记录");
    expect(await refused({ "records[1].doneOn": "2026-09-05" }, "en-US")).toContain("Cannot be before the earlier stage&#x27;s day (2026-09-10)");
    // jacking twice is a tower climbing: allowed
    expect((await a.post("/towerDocument/form?new=1", file(tower, record(5, "5", "2026-11-02", { height: "63.9" })))).status).toBe(302);
    expect(await count(a.tenantId)).toBe(1);
  });

  it("keeps one file a tower: a second is refused by name, and of twenty saves at once one is stored", async () => {
    const a = await admin();
    const tower = await a.machine("3");
    expect((await a.post("/towerDocument/form?new=1", file(tower))).status).toBe(302);
    const again = await a.post("/towerDocument/form?new=1", file(tower));
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("该塔吊已有档案，请在原档案中添加记录");
    const other = await a.machine("3");
    const results = await Promise.all(Array.from({ length: 20 }, () => a.post("/towerDocument/form?new=1", file(other))));
    expect(results.filter((r) => r.status === 302)).toHaveLength(1);
    expect(results.every((r) => r.status === 302 || r.status === 409)).toBe(true);
    expect(await count(a.tenantId)).toBe(2);
  });

  it("offers tower cranes only, the tenant's, in the user's scope", async () => {
    const a = await admin();
    const b = await admin();
    const truck = await a.machine("5");
    const theirs = await b.machine("3");
    for (const vehicleId of [truck, theirs]) {
      const res = await a.post("/towerDocument/form?new=1", file(vehicleId));
      expect(res.status).toBe(409);
      expect(await res.text()).toContain("请从选项中选择");
    }
    const dept = await makeDepartment(a.tenantId, a.rootOrgId);
    const sibling = await makeDepartment(a.tenantId, a.rootOrgId);
    const ours = idOf(await a.post("/towerDocument/form?new=1", file(await a.machine("3", dept), { site: "部门工地" })));
    const elsewhere = idOf(await a.post("/towerDocument/form?new=1", file(await a.machine("3", sibling), { site: "别处工地" })));
    const scoped = await signInDepartmentUser(a, dept, "塔吊管理员");
    const list = await (await get("/towerDocument", scoped)).text();
    expect(list).toContain("部门工地");
    expect(list).not.toContain("别处工地");
    expect((await get(`/towerDocument/form?id=${ours}`, scoped)).status).toBe(200);
    expect((await get(`/towerDocument/form?id=${elsewhere}`, scoped)).status).toBe(404);
    expect((await get(`/towerDocument/form?id=${ours}`, b.cookie)).status).toBe(404);
  });
});
