// Site safety (issue 42) over HTTP as a browser posts it, on the real local D1: 安全检查 with its checklist, its failed
// items becoming a rectification notice's items (下发整改) or a hazard (登记隐患); the notice's machine in order
// (提交 → 下发 → 开始整改 → 提交复核 → 复核 → 复查 → 已完成, a failed review or recheck back to 整改中 with its reason),
// its refusals in both languages (after photos missing, the wrong state, the issued items changed); a hazard following
// its notice; 事故申报's rules and approval; another tenant's ids, a department's scope, the read-only user; one notice
// a source and one transition when twenty posts race; the workbench's overdue items read.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays } from "../../app/lib/calendar";
import { todayInZone } from "../../app/lib/tenant-clock";
import type { RequestScope } from "../../app/modules/access/access.server";
import { safetyReformsDueRead } from "../../app/modules/safety/safety-due.server";
import { seedParties } from "../../db/seed/rental/parties";
import { seedSafety } from "../../db/seed/rental/safety";
import { seedTowers } from "../../db/seed/rental/towers";
import { seedTelematics } from "../../db/seed/telematics";
import { FACTORIES } from "./factories";
import { db, get, makeTenant, ORIGIN, postForm, signIn, signInDepartmentUser } from "./helpers";
import { makeDepartment } from "./rent-fixtures";
import { makeVehicle } from "./telematics";

type Fields = Record<string, string>;
const today = () => todayInZone("Asia/Shanghai");
const idOf = (res: Response) => Number(/[?&]id=(\d+)/.exec(res.headers.get("Location") ?? "")?.[1]);
const one = <T = Record<string, unknown>>(query: string, ...binds: unknown[]) => env.DB.prepare(query).bind(...binds).first<T>();

async function officer() {
  const t = await makeTenant();
  const cookie = await signIn(t.account, t.password);
  const crane = (await makeVehicle(t.tenantId, { orgId: t.rootOrgId, plate: "沪F起0001" })).id;
  const as = (c: string) => ({
    post: (path: string, fields: Fields, lang = "zh-CN") => postForm(path, fields, { Cookie: `${c}; derrick_lang=${lang}` }),
    page: async (path: string, lang = "zh-CN") => (await get(path, `${c}; derrick_lang=${lang}`)).text(),
  });
  return { ...t, cookie, crane, ...as(cookie), as };
}
type Officer = Awaited<ReturnType<typeof officer>>;

/** an inspection of the crane: the wire rope and the site's barrier failed, the limiter passed */
const inspection = (o: Officer, more: Fields = {}): Fields => ({
  intent: "save",
  checkOn: today(),
  kind: "special",
  inspectorId: String(o.userId),
  orgId: "",
  site: "临港物流园三期",
  contractId: "",
  conclusion: "两项不合格",
  "items[0].item": "起重量/力矩限制器",
  "items[0].standard": "灵敏可靠",
  "items[0].vehicleId": String(o.crane),
  "items[0].result": "pass",
  "items[0].note": "",
  "items[1].item": "钢丝绳",
  "items[1].standard": "断丝不超标",
  "items[1].vehicleId": String(o.crane),
  "items[1].result": "fail",
  "items[1].note": "起升钢丝绳局部断丝超标",
  "items[2].item": "作业区警戒",
  "items[2].standard": "设置警戒区",
  "items[2].vehicleId": "",
  "items[2].result": "fail",
  "items[2].note": "回转半径下方未设警戒区",
  ...more,
});

/** a notice written by hand: one item due in a week */
const notice = (o: Officer, more: Fields = {}): Fields => ({ intent: "save", ...FACTORIES.safetyReform!({ ...o }), responsibleId: String(o.userId), site: "宝山堆场", ...more });
const hazardForm = (o: Officer, more: Fields = {}): Fields => ({ intent: "save", ...FACTORIES.hazardInvestigation!({ ...o }), vehicleId: String(o.crane), place: "宝山堆场", ...more });
const accident = (o: Officer, more: Fields = {}): Fields => ({ intent: "save", ...FACTORIES.accidentProposal!({ ...o }), vehicleId: String(o.crane), place: "青浦区徐泾物流园", ...more });

/** runs a transition from the document's page; its answer */
const move = (o: Officer, path: string, id: number, name: string, more: Fields = {}, lang = "zh-CN") => o.post(`${path}/form?id=${id}`, { intent: `transition:${name}`, ids: String(id), ...more }, lang);
const stateOf = async (table: string, id: number) => (await one<{ state: number }>(`select state from ${table} where id = ?`, id))!.state;

/** a completed inspection with two failed items; its id */
async function completedInspection(o: Officer, more: Fields = {}) {
  const id = idOf(await o.post("/safeInspectionCheck/form?new=1", inspection(o, more)));
  expect((await move(o, "/safeInspectionCheck", id, "finish")).status).toBe(302);
  return id;
}

/** A photo uploaded through the upload API, as the page's widget does; its id. */
async function photo(cookie: string): Promise<string> {
  const form = new FormData();
  form.append("file", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])], "整改后.png"));
  const res = await SELF.fetch(`${ORIGIN}/api/common/commonfile/uploadFile?kind=image`, { method: "POST", headers: { Origin: ORIGIN, Cookie: cookie }, body: form });
  expect(res.status).toBe(200);
  return String(((await res.json()) as { data: { id: number } }).data.id);
}

/** A second administrator of the tenant (nobody approves their own filing), signed in. */
async function secondAdmin(o: Officer): Promise<string> {
  const account: Fields = { intent: "create", ...FACTORIES.user!(o), roleId: String(o.roleIds.admin) };
  expect((await o.post("/userManage", account)).status).toBe(302);
  return signIn(account.loginAccount!, account.password!);
}

describe("安全检查: an inspection with its checklist", () => {
  it("starts with the standard checklist, stores the items in order, lists the failed ones and is kept once completed", async () => {
    const o = await officer();
    const fresh = await o.page("/safeInspectionCheck/form?new=1");
    for (const item of ["起重量/力矩限制器", "钢丝绳", "支腿及地基", "人员持证上岗"]) expect(fresh).toContain(item);
    const res = await o.post("/safeInspectionCheck/form?new=1", inspection(o));
    expect(res.status).toBe(302);
    const id = idOf(res);
    const head = await one<{ number: string; state: number; kind: string }>("select number, state, kind from safety_checks where id = ?", id);
    expect(head).toMatchObject({ state: 0, kind: "special" });
    expect(head!.number).toMatch(/^AQ-\d{6}-0001$/);
    expect((await env.DB.prepare("select item, result, position from safety_check_items where check_id = ? order by position").bind(id).all()).results).toEqual([
      { item: "起重量/力矩限制器", result: "pass", position: 1 },
      { item: "钢丝绳", result: "fail", position: 2 },
      { item: "作业区警戒", result: "fail", position: 3 },
    ]);
    const list = await o.page("/safeInspectionCheck");
    for (const text of [head!.number, "临港物流园三期", "专项检查", "沪F起0001"]) expect(list).toContain(text);
    // a result must be judged, and an item named
    const refused = await o.post("/safeInspectionCheck/form?new=1", inspection(o, { "items[1].result": "", "items[2].item": "" }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("此项不能为空");
    // completed: read-only, and completed once
    expect((await move(o, "/safeInspectionCheck", id, "finish")).status).toBe(302);
    const again = await o.post(`/safeInspectionCheck/form?id=${id}`, { ...inspection(o), id: String(id), version: "2" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("该单据当前状态不可编辑");
    const twice = await move(o, "/safeInspectionCheck", id, "finish");
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("只有草稿状态的检查可以完成");
    expect(await (await move(o, "/safeInspectionCheck", id, "finish", {}, "en-US")).text()).toContain("Only a draft inspection can be completed");
  });
});

describe("下发整改 and 登记隐患: a completed inspection's failed items", () => {
  it("become a new notice's items, linked back; the inspection then keeps its record", async () => {
    const o = await officer();
    const check = await completedInspection(o);
    const number = (await one<{ number: string }>("select number from safety_checks where id = ?", check))!.number;
    const page = await o.page(`/safeInspectionCheck/form?id=${check}`);
    expect(page).toContain("不合格项 2 项");
    expect(page).toContain(`href="/safetyReform/form?new=1&amp;checkId=${check}"`);
    expect(page).toContain(`href="/hazardInvestigation/form?new=1&amp;checkId=${check}"`);
    // the new notice starts from the failed items only, with a deadline a week on
    const fresh = await o.page(`/safetyReform/form?new=1&checkId=${check}`);
    expect(fresh).toContain("起升钢丝绳局部断丝超标");
    expect(fresh).toContain("回转半径下方未设警戒区");
    expect(fresh).toContain("钢丝绳（沪F起0001）");
    expect(fresh).not.toContain("灵敏可靠");
    expect(fresh).toContain(`value="${addDays(today(), 7)}"`);
    const saved = await o.post(
      "/safetyReform/form?new=1",
      notice(o, {
        source: "check",
        checkId: String(check),
        "items[0].checkItem": "钢丝绳（沪F起0001）",
        "items[0].requirement": "起升钢丝绳局部断丝超标",
        "items[1].checkItem": "作业区警戒",
        "items[1].requirement": "回转半径下方未设警戒区",
        "items[1].deadline": addDays(today(), 7),
      })
    );
    expect(saved.status).toBe(302);
    const reform = idOf(saved);
    expect(await one("select source, check_id from safety_reforms where id = ?", reform)).toEqual({ source: "check", check_id: check });
    expect((await env.DB.prepare("select check_item, requirement from safety_reform_items where reform_id = ? order by position").bind(reform).all()).results).toEqual([
      { check_item: "钢丝绳（沪F起0001）", requirement: "起升钢丝绳局部断丝超标" },
      { check_item: "作业区警戒", requirement: "回转半径下方未设警戒区" },
    ]);
    // both ways: the inspection names its notice, the notice its inspection
    const reformNumber = (await one<{ number: string }>("select number from safety_reforms where id = ?", reform))!.number;
    const after = await o.page(`/safeInspectionCheck/form?id=${check}`);
    expect(after).toContain(reformNumber);
    expect(after).not.toContain('data-testid="raise-notice"');
    expect(await o.page(`/safetyReform/form?id=${reform}`)).toContain(number);
    expect(await o.page("/safetyReform")).toContain(number);
    // one notice an inspection; and an inspection something was raised from is not edited again
    const second = await o.post("/safetyReform/form?new=1", notice(o, { source: "check", checkId: String(check) }));
    expect(second.status).toBe(409);
    expect(await second.text()).toContain("该安全检查已下发整改通知");
    const reopen = await move(o, "/safeInspectionCheck", check, "reopen");
    expect(reopen.status).toBe(409);
    expect(await reopen.text()).toContain("该检查已下发整改或登记隐患，不能重新编辑");
    // a draft inspection is not a source
    const draft = idOf(await o.post("/safeInspectionCheck/form?new=1", inspection(o)));
    const notYet = await o.post("/safetyReform/form?new=1", notice(o, { source: "check", checkId: String(draft) }));
    expect(notYet.status).toBe(409);
    expect(await notYet.text()).toContain("请从选项中选择");
  });

  it("become a hazard registered from the inspection", async () => {
    const o = await officer();
    const check = await completedInspection(o);
    const fresh = await o.page(`/hazardInvestigation/form?new=1&checkId=${check}`);
    expect(fresh).toContain("钢丝绳（沪F起0001）：起升钢丝绳局部断丝超标；作业区警戒：回转半径下方未设警戒区");
    expect(fresh).toMatch(new RegExp(`<option value="${check}" selected=""`));
    const res = await o.post("/hazardInvestigation/form?new=1", hazardForm(o, { source: "check", checkId: String(check), level: "larger" }));
    expect(res.status).toBe(302);
    expect(await one("select source, check_id, level from safety_hazards where id = ?", idOf(res))).toEqual({ source: "check", check_id: check, level: "larger" });
    // from an inspection, its inspection is named
    const missing = await o.post("/hazardInvestigation/form?new=1", hazardForm(o, { source: "check", checkId: "" }));
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("此项不能为空");
    const future = await o.post("/hazardInvestigation/form?new=1", hazardForm(o, { foundOn: addDays(today(), 1) }), "en-US");
    expect(future.status).toBe(409);
    expect(await future.text()).toContain("Cannot be after today");
  });

  it("stores one notice when the same 下发整改 is posted twenty times at once", async () => {
    const o = await officer();
    const check = await completedInspection(o);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => o.post("/safetyReform/form?new=1", notice(o, { source: "check", checkId: String(check) }), i % 2 ? "en-US" : "zh-CN")));
    expect(answers.map((a) => a.status).sort()).toEqual([302, ...Array<number>(19).fill(409)]);
    const texts = await Promise.all(answers.map((a) => a.text()));
    texts.forEach((text, i) => answers[i]!.status === 409 && expect(text).toContain(i % 2 ? "This inspection already has a rectification notice" : "该安全检查已下发整改通知"));
    expect(await one("select count(*) n from safety_reforms where check_id = ?", check)).toEqual({ n: 1 });
  });
});

describe("安全整改: the rectification notice's machine", () => {
  it("goes 提交 → 下发 → 开始整改 → 提交复核 → 复核 → 复查 → 已完成, a failed review or recheck back to 整改中 with its reason", async () => {
    const o = await officer();
    const res = await o.post("/safetyReform/form?new=1", notice(o));
    expect(res.status).toBe(302);
    const id = idOf(res);
    expect((await one<{ number: string }>("select number from safety_reforms where id = ?", id))!.number).toMatch(/^ZG-\d{6}-0001$/);
    const path = "/safetyReform";
    for (const [name, state] of [["submit", 1], ["issue", 2], ["start", 3]] as const) {
      expect((await move(o, path, id, name)).status, name).toBe(302);
      expect(await stateOf("safety_reforms", id)).toBe(state);
    }
    expect(await one("select issued_on from safety_reforms where id = ?", id)).toEqual({ issued_on: today() });
    // no after photo yet: refused in the reader's language
    const bare = await move(o, path, id, "requestReview");
    expect(bare.status).toBe(409);
    expect(await bare.text()).toContain("第1项整改未上传整改后照片，不能提交复核");
    expect(await (await move(o, path, id, "requestReview", {}, "en-US")).text()).toContain("Item 1 has no after photo: upload one before submitting for review");
    // while rectifying, the issued requirement stays as issued; the photos and the notes are filled in
    const version = async () => String((await one<{ version: number }>("select version from safety_reforms where id = ?", id))!.version);
    const locked = await o.post(`${path}/form?id=${id}`, { ...notice(o), id: String(id), version: await version(), "items[0].requirement": "改为别的要求" });
    expect(locked.status).toBe(409);
    expect(await locked.text()).toContain("整改中只能上传照片和填写整改说明，其他内容不可修改");
    const after = await photo(o.cookie);
    const filled = await o.post(`${path}/form?id=${id}`, { ...notice(o), id: String(id), version: await version(), "items[0].afterPhotos": after, "items[0].remark": "已更换钢丝绳" });
    expect(filled.status).toBe(302);
    expect(await one("select after_photos, remark from safety_reform_items where reform_id = ?", id)).toEqual({ after_photos: after, remark: "已更换钢丝绳" });
    // the photo is read on the notice's page
    expect(await o.page(`${path}/form?id=${id}`)).toContain("整改后.png");
    expect((await move(o, path, id, "requestReview")).status).toBe(302);
    // a failed review needs its reason, and sends it back to rectifying with it
    const noReason = await move(o, path, id, "reviewFail");
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("请填写原因");
    expect((await move(o, path, id, "reviewFail", { reason: "照片看不清钢丝绳规格" })).status).toBe(302);
    expect(await one("select state, return_reason from safety_reforms where id = ?", id)).toEqual({ state: 3, return_reason: "照片看不清钢丝绳规格" });
    expect(await o.page(`${path}/form?id=${id}`)).toContain("照片看不清钢丝绳规格");
    for (const name of ["requestReview", "reviewPass"]) expect((await move(o, path, id, name)).status, name).toBe(302);
    expect(await stateOf("safety_reforms", id)).toBe(5);
    expect((await move(o, path, id, "recheckFail", { reason: "现场警戒线未恢复" })).status).toBe(302);
    expect(await stateOf("safety_reforms", id)).toBe(3);
    for (const name of ["requestReview", "reviewPass", "recheckPass"]) expect((await move(o, path, id, name)).status, name).toBe(302);
    expect(await one("select state, closed_on, return_reason from safety_reforms where id = ?", id)).toEqual({ state: 6, closed_on: today(), return_reason: null });
    // a transition from the wrong state, in both languages
    const wrong = await move(o, path, id, "issue");
    expect(wrong.status).toBe(409);
    expect(await wrong.text()).toContain("只有已提交的通知单可以下发或退回");
    expect(await (await move(o, path, id, "issue", {}, "en-US")).text()).toContain("Only a submitted notice can be issued or sent back");
    // its history names each step
    const page = await o.page(`${path}/form?id=${id}`);
    for (const step of ["下发", "开始整改", "复核不通过", "复查合格"]) expect(page).toContain(step);
    // a done notice is kept
    expect((await o.post(path, { intent: "delete", ids: String(id) })).status).toBe(400);
    expect(await stateOf("safety_reforms", id)).toBe(6);
  });

  it("takes the same transition once when it is posted twenty times at once", async () => {
    const o = await officer();
    const id = idOf(await o.post("/safetyReform/form?new=1", notice(o)));
    expect((await move(o, "/safetyReform", id, "submit")).status).toBe(302);
    const answers = await Promise.all(Array.from({ length: 20 }, () => move(o, "/safetyReform", id, "issue")));
    expect(answers.map((a) => a.status).sort()).toEqual([302, ...Array<number>(19).fill(409)]);
    expect(await stateOf("safety_reforms", id)).toBe(2);
    expect(await one("select count(*) n from audit_logs where entity = 'safetyReform' and entity_id = ? and action = 'issue'", String(id))).toEqual({ n: 1 });
  });

  it("refuses a deadline before today and another tenant's photo", async () => {
    const o = await officer();
    const other = await officer();
    const past = await o.post("/safetyReform/form?new=1", notice(o, { "items[0].deadline": addDays(today(), -1) }));
    expect(past.status).toBe(409);
    expect(await past.text()).toContain("整改期限不能早于今天");
    expect(await (await o.post("/safetyReform/form?new=1", notice(o, { "items[0].deadline": addDays(today(), -1) }), "en-US")).text()).toContain("The deadline cannot be before today");
    const theirs = await o.post("/safetyReform/form?new=1", notice(o, { "items[0].beforePhotos": await photo(other.cookie) }));
    expect(theirs.status).toBe(409);
    expect(await theirs.text()).toContain("请从选项中选择");
  });
});

describe("隐患排查: a hazard follows its notice", () => {
  it("waits for rectification, is rectifying once its notice is issued and rectified once the notice is done", async () => {
    const o = await officer();
    const hazard = idOf(await o.post("/hazardInvestigation/form?new=1", hazardForm(o, { description: "吊钩防脱钩装置缺失", suggestion: "加装防脱钩装置" })));
    const number = (await one<{ number: string }>("select number from safety_hazards where id = ?", hazard))!.number;
    expect(number).toMatch(/^YH-\d{6}-0001$/);
    const page = await o.page(`/hazardInvestigation/form?id=${hazard}`);
    expect(page).toContain("待整改");
    expect(page).toContain(`href="/safetyReform/form?new=1&amp;hazardId=${hazard}"`);
    // 发起整改: the notice starts from the hazard's place and suggestion
    const fresh = await o.page(`/safetyReform/form?new=1&hazardId=${hazard}`);
    expect(fresh).toContain("加装防脱钩装置");
    expect(fresh).toMatch(new RegExp(`<option value="${hazard}" selected=""`));
    const reform = idOf(await o.post("/safetyReform/form?new=1", notice(o, { source: "hazard", hazardId: String(hazard), "items[0].requirement": "加装防脱钩装置" })));
    const stateIn = async (lang = "zh-CN") => {
      const list = await o.page(`/hazardInvestigation?q=${number}`, lang);
      return list.slice(list.indexOf(number));
    };
    expect(await stateIn()).toContain("待整改");
    for (const name of ["submit", "issue"]) expect((await move(o, "/safetyReform", reform, name)).status).toBe(302);
    expect(await stateIn()).toContain("整改中");
    expect(await stateIn("en-US")).toContain("Rectifying");
    // from then on the notice speaks for it: read-only, its save refused
    expect(await o.page(`/hazardInvestigation/form?id=${hazard}`)).not.toContain('data-testid="document-save"');
    const edit = await o.post(`/hazardInvestigation/form?id=${hazard}`, { ...hazardForm(o), id: String(hazard), version: "1" });
    expect(edit.status).toBe(409);
    expect(await edit.text()).toContain("已发起整改的隐患不能修改或删除");
    expect((await o.post("/hazardInvestigation", { intent: "delete", ids: String(hazard) })).status).toBe(400);
    await env.DB.prepare("update safety_reform_items set after_photos = ? where reform_id = ?").bind(await photo(o.cookie), reform).run();
    for (const name of ["start", "requestReview", "reviewPass", "recheckPass"]) expect((await move(o, "/safetyReform", reform, name)).status, name).toBe(302);
    expect(await stateIn()).toContain("已整改");
    expect(await o.page(`/hazardInvestigation/form?id=${hazard}`)).toContain("已整改");
    expect(await o.page(`/hazardInvestigation?state=2`)).toContain(number);
    expect(await o.page(`/hazardInvestigation?state=0`)).not.toContain(number);
  });

  it("is rectified by one notice when twenty 发起整改 race", async () => {
    const o = await officer();
    const hazard = idOf(await o.post("/hazardInvestigation/form?new=1", hazardForm(o)));
    const answers = await Promise.all(Array.from({ length: 20 }, () => o.post("/safetyReform/form?new=1", notice(o, { source: "hazard", hazardId: String(hazard) }))));
    expect(answers.map((a) => a.status).sort()).toEqual([302, ...Array<number>(19).fill(409)]);
    expect(await answers.find((a) => a.status === 409)!.text()).toContain("该隐患已发起整改");
    expect(await one("select count(*) n from safety_reforms where hazard_id = ?", hazard)).toEqual({ n: 1 });
  });
});

describe("事故申报: an accident filed and approved", () => {
  it("stores the people involved, counts the casualties, and refuses what its rules forbid in both languages", async () => {
    const o = await officer();
    const res = await o.post(
      "/accidentProposal/form?new=1",
      accident(o, { "people[1].name": "周建平", "people[1].role": "operator", "people[1].injury": "serious", "people[1].remark": "", directLoss: "186,500.00" })
    );
    expect(res.status).toBe(302);
    const id = idOf(res);
    const row = await one<{ number: string; direct_loss_cents: number; claim_state: string }>("select number, direct_loss_cents, claim_state from safety_accidents where id = ?", id);
    expect(row).toMatchObject({ direct_loss_cents: 18_650_000, claim_state: "none" });
    expect(row!.number).toMatch(/^SG-\d{6}-0001$/);
    const list = await o.page("/accidentProposal");
    for (const text of [row!.number, "青浦区徐泾物流园", "186,500.00", "沪F起0001"]) expect(list).toContain(text);
    expect(await o.page(`/accidentProposal/form?id=${id}`)).toContain("死亡 0 人，重伤 1 人，轻伤 1 人");
    const refusedWith = async (more: Fields, lang = "zh-CN") => {
      const answer = await o.post("/accidentProposal/form?new=1", accident(o, more), lang);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      return answer.text();
    };
    const threeDead: Fields = {};
    for (let i = 0; i < 3; i++) Object.assign(threeDead, { [`people[${i}].name`]: `遇难者${i + 1}`, [`people[${i}].role`]: "thirdParty", [`people[${i}].injury`]: "death", [`people[${i}].remark`]: "" });
    expect(await refusedWith(threeDead)).toContain("按伤亡人数和直接经济损失，至少应为较大事故");
    expect(await refusedWith(threeDead, "en-US")).toContain("By its casualties and direct loss, this is at least a serious accident");
    expect(await refusedWith({ directLoss: "60,000,000.00" })).toContain("至少应为重大事故");
    expect(await refusedWith({ claimState: "reported", insurer: "中国人民财产保险" })).toContain("报案后请填写报案号");
    expect(await refusedWith({ claimState: "paid", insurer: "中国人民财产保险", claimNo: "PDZA2026001" })).toContain("已赔付请填写赔付金额");
    expect(await refusedWith({ claimState: "paid", insurer: "中国人民财产保险", claimNo: "PDZA2026001", claimedAmount: "10,000", paidAmount: "12,000" })).toContain("赔付金额不能大于索赔金额");
    expect(await refusedWith({ claimState: "paid", insurer: "中国人民财产保险", claimNo: "PDZA2026001", claimedAmount: "10,000", paidAmount: "12,000" }, "en-US")).toContain("The amount paid cannot exceed the amount claimed");
    expect(await refusedWith({ paidAmount: "100" })).toContain("仅“已赔付”时填写赔付金额");
    expect(await refusedWith({ occurredOn: addDays(today(), 1) })).toContain("不能晚于今天");
    expect(await refusedWith({ "people[0].injury": "" })).toContain("此项不能为空");
    // a claim paid in full
    const paid = await o.post("/accidentProposal/form?new=1", accident(o, { claimState: "paid", insurer: "中国人民财产保险股份有限公司上海市分公司", claimNo: "PDZA2026001", claimedAmount: "12,000.00", paidAmount: "9,800.50" }));
    expect(paid.status).toBe(302);
    expect(await one("select claimed_cents, paid_cents from safety_accidents where id = ?", idOf(paid))).toEqual({ claimed_cents: 1_200_000, paid_cents: 980_050 });
  });

  it("is approved by a second administrator, never by who filed it; approved, it is kept as filed", async () => {
    const o = await officer();
    const id = idOf(await o.post("/accidentProposal/form?new=1", accident(o)));
    expect((await move(o, "/accidentProposal", id, "submit")).status).toBe(302);
    expect(await stateOf("safety_accidents", id)).toBe(1);
    expect((await move(o, "/accidentProposal", id, "approve")).status).toBe(403);
    const approver = await secondAdmin(o);
    // it waits in the approver's to-do
    expect(await (await get("/manageWork", approver)).text()).toContain((await one<{ number: string }>("select number from safety_accidents where id = ?", id))!.number);
    expect((await postForm(`/accidentProposal/form?id=${id}`, { intent: "transition:approve", ids: String(id), note: "同意" }, { Cookie: approver })).status).toBe(302);
    expect(await stateOf("safety_accidents", id)).toBe(2);
    const edit = await o.post(`/accidentProposal/form?id=${id}`, { ...accident(o), id: String(id), version: "3" });
    expect(edit.status).toBe(409);
    expect(await edit.text()).toContain("该单据当前状态不可编辑");
  });
});

describe("who sees and writes the safety records", () => {
  it("refuses another tenant's machine, inspection, hazard and documents", async () => {
    const a = await officer();
    const b = await officer();
    const theirs = await a.post("/safeInspectionCheck/form?new=1", inspection(a, { "items[1].vehicleId": String(b.crane) }));
    expect(theirs.status).toBe(409);
    expect(await theirs.text()).toContain("请从选项中选择");
    const bCheck = await completedInspection(b);
    const bHazard = idOf(await b.post("/hazardInvestigation/form?new=1", hazardForm(b)));
    const bNotice = idOf(await b.post("/safetyReform/form?new=1", notice(b)));
    expect((await a.post("/safetyReform/form?new=1", notice(a, { source: "check", checkId: String(bCheck) }))).status).toBe(409);
    expect((await a.post("/safetyReform/form?new=1", notice(a, { source: "hazard", hazardId: String(bHazard) }))).status).toBe(409);
    expect((await a.post("/hazardInvestigation/form?new=1", hazardForm(a, { source: "check", checkId: String(bCheck) }))).status).toBe(409);
    expect((await a.post("/accidentProposal/form?new=1", accident(a, { vehicleId: String(b.crane) }))).status).toBe(409);
    // a prefill from another tenant's source is ignored
    expect(await a.page(`/safetyReform/form?new=1&checkId=${bCheck}`)).not.toContain("起升钢丝绳局部断丝超标");
    for (const [path, id] of [["/safeInspectionCheck", bCheck], ["/hazardInvestigation", bHazard], ["/safetyReform", bNotice]] as const) expect((await get(`${path}/form?id=${id}`, a.cookie)).status, path).toBe(404);
    expect((await move(a, "/safetyReform", bNotice, "submit")).status).toBe(404);
    expect(await stateOf("safety_reforms", bNotice)).toBe(0);
  });

  it("shows a department's user only the records of its organisation and machines", async () => {
    const o = await officer();
    const dept = await makeDepartment(o.tenantId, o.rootOrgId);
    const theirs = (await makeVehicle(o.tenantId, { orgId: dept, plate: "沪F部0001" })).id;
    const ownHazard = idOf(await o.post("/hazardInvestigation/form?new=1", hazardForm(o, { vehicleId: String(theirs), place: "部门堆场", orgId: String(dept) })));
    const rootHazard = idOf(await o.post("/hazardInvestigation/form?new=1", hazardForm(o, { place: "总部堆场" })));
    const ownCheck = idOf(await o.post("/safeInspectionCheck/form?new=1", inspection(o, { site: "部门工地", "items[0].vehicleId": String(theirs), "items[1].vehicleId": String(theirs) })));
    const rootCheck = idOf(await o.post("/safeInspectionCheck/form?new=1", inspection(o, { site: "总部工地" })));
    const ownNotice = idOf(await o.post("/safetyReform/form?new=1", notice(o, { site: "部门整改", orgId: String(dept) })));
    const rootNotice = idOf(await o.post("/safetyReform/form?new=1", notice(o, { site: "总部整改" })));
    const ownAccident = idOf(await o.post("/accidentProposal/form?new=1", accident(o, { place: "部门事故", vehicleId: String(theirs) })));
    const rootAccident = idOf(await o.post("/accidentProposal/form?new=1", accident(o, { place: "总部事故" })));
    const scoped = await signInDepartmentUser(o, dept, "部门安全员");
    const cases = [
      ["/hazardInvestigation", "部门堆场", "总部堆场", ownHazard, rootHazard],
      ["/safeInspectionCheck", "部门工地", "总部工地", ownCheck, rootCheck],
      ["/safetyReform", "部门整改", "总部整改", ownNotice, rootNotice],
      ["/accidentProposal", "部门事故", "总部事故", ownAccident, rootAccident],
    ] as const;
    for (const [path, own, other, ownId, otherId] of cases) {
      const list = await (await get(path, scoped)).text();
      expect(list, path).toContain(own);
      expect(list, path).not.toContain(other);
      expect((await get(`${path}/form?id=${ownId}`, scoped)).status, path).toBe(200);
      expect((await get(`${path}/form?id=${otherId}`, scoped)).status, path).toBe(404);
    }
    // nor may they name the company's machine, or issue to an organisation above them
    expect((await postForm("/hazardInvestigation/form?new=1", hazardForm(o), { Cookie: scoped })).status).toBe(409);
    expect((await postForm("/safetyReform/form?new=1", notice(o), { Cookie: scoped })).status).toBe(409);
    expect((await postForm(`/safetyReform/form?id=${rootNotice}`, { intent: "transition:submit", ids: String(rootNotice) }, { Cookie: scoped })).status).toBe(404);
  });

  it("refuses every save and transition to a user who may only look", async () => {
    const o = await officer();
    const role = await one<{ id: number }>("insert into roles (tenant_id, name, description, created_at, updated_at) values (?, '安全只读', '', ?, ?) returning id", o.tenantId, Date.now(), Date.now());
    const paths = ["/safeInspectionCheck", "/hazardInvestigation", "/safetyReform", "/accidentProposal"];
    for (const path of paths) {
      const menu = await one<{ id: number }>("select id from menus where tenant_id = ? and router_path = ?", o.tenantId, path);
      await env.DB.batch([
        env.DB.prepare("insert into role_menus (tenant_id, role_id, menu_id) values (?, ?, ?)").bind(o.tenantId, role!.id, menu!.id),
        env.DB.prepare("insert into role_permissions (tenant_id, role_id, code) values (?, ?, ?)").bind(o.tenantId, role!.id, `${path.slice(1)}:view`),
      ]);
    }
    const account: Fields = { intent: "create", ...FACTORIES.user!(o), roleId: String(role!.id) };
    expect((await o.post("/userManage", account)).status).toBe(302);
    const viewer = await signIn(account.loginAccount!, account.password!);
    const reform = idOf(await o.post("/safetyReform/form?new=1", notice(o)));
    const forms: [string, Fields][] = [
      ["/safeInspectionCheck", inspection(o)],
      ["/hazardInvestigation", hazardForm(o)],
      ["/safetyReform", notice(o)],
      ["/accidentProposal", accident(o)],
    ];
    for (const [path, fields] of forms) {
      expect((await get(path, viewer)).status, path).toBe(200);
      expect((await postForm(`${path}/form?new=1`, fields, { Cookie: viewer })).status, path).toBe(403);
      expect((await postForm(path, { ...fields, intent: "create" }, { Cookie: viewer })).status, path).toBe(403);
    }
    expect((await postForm(`/safetyReform/form?id=${reform}`, { intent: "transition:submit", ids: String(reform) }, { Cookie: viewer })).status).toBe(403);
    expect(await stateOf("safety_reforms", reform)).toBe(0);
  });
});

describe("the workbench's overdue rectification items (safetyReformsDueRead)", () => {
  it("reads the items past their deadline of notices issued and not done, first overdue first, in the user's scope", async () => {
    const o = await officer();
    const notices = await Promise.all(
      ["已下发", "整改中", "草稿", "已完成", "部门的"].map(async (site, i) => {
        const id = idOf(await o.post("/safetyReform/form?new=1", notice(o, { site, "items[0].requirement": `要求${i}`, "items[1].requirement": `未到期${i}`, "items[1].deadline": addDays(today(), 3) })));
        return id;
      })
    );
    const [issued, rectifying, draft, done, deptNotice] = notices as [number, number, number, number, number];
    const dept = await makeDepartment(o.tenantId, o.rootOrgId);
    await env.DB.prepare("update safety_reforms set org_id = ?, state = 2 where id = ?").bind(dept, deptNotice).run();
    await env.DB.prepare("update safety_reforms set state = 2 where id = ?").bind(issued).run();
    await env.DB.prepare("update safety_reforms set state = 3 where id = ?").bind(rectifying).run();
    await env.DB.prepare("update safety_reforms set state = 6 where id = ?").bind(done).run();
    // the first item of each went past its deadline: the rectifying one longest ago
    for (const [id, days] of [[issued, -2], [rectifying, -5], [draft, -9], [done, -9], [deptNotice, -1]] as const) await env.DB.prepare("update safety_reform_items set deadline = ? where reform_id = ? and position = 1").bind(addDays(today(), days), id).run();
    const scopeOf = (orgId: number | null, wholeTenant: boolean) => ({ db: db(), user: { id: o.userId, tenantId: o.tenantId, orgId, wholeTenant } }) as unknown as RequestScope;
    const rows = await safetyReformsDueRead(scopeOf(null, true), today(), 10);
    expect(rows.map((r) => [r.reformId, r.requirement, r.deadline])).toEqual([
      [rectifying, "要求1", addDays(today(), -5)],
      [issued, "要求0", addDays(today(), -2)],
      [deptNotice, "要求4", addDays(today(), -1)],
    ]);
    expect(rows[0]).toMatchObject({ site: "整改中", position: 1 });
    expect(rows[0]!.number).toMatch(/^ZG-/);
    expect((await safetyReformsDueRead(scopeOf(null, true), today(), 1)).map((r) => r.reformId)).toEqual([rectifying]);
    expect(await safetyReformsDueRead(scopeOf(null, true), today(), 0)).toEqual([]);
    // a department's user: its notices only
    expect((await safetyReformsDueRead(scopeOf(dept, false), today(), 10)).map((r) => r.reformId)).toEqual([deptNotice]);
    // another tenant: none of these
    const other = await officer();
    expect(await safetyReformsDueRead({ db: db(), user: { id: other.userId, tenantId: other.tenantId, orgId: null, wholeTenant: true } } as unknown as RequestScope, today(), 10)).toEqual([]);
  });
});

describe("the demo's site safety (db/seed/rental/safety.ts)", () => {
  it("seeds inspections, hazards of every level and state, notices in five states with one item overdue, and two accidents, once", async () => {
    // the demo fleet first: it is seeded only into a tenant without machines
    const o = await makeTenant();
    const { vehicleIds } = await seedTelematics(db(), o.tenantId, { prefix: "SFT" });
    const ctx = { tenantId: o.tenantId, adminId: o.userId, vehicleIds };
    expect(await seedParties(db(), ctx)).not.toBeNull();
    expect(await seedTowers(db(), ctx)).toMatch(/tower cranes/);
    expect(await seedSafety(db(), ctx)).toMatch(/^seeded 4 safety inspections, 5 hazards, 5 rectification notices/);
    expect(await seedSafety(db(), ctx)).toBeNull();
    const all = async (query: string) => (await env.DB.prepare(query).bind(o.tenantId).all()).results;
    expect(await all("select state, count(*) n from safety_checks where tenant_id = ? group by state order by state")).toEqual([{ state: 0, n: 1 }, { state: 1, n: 3 }]);
    expect((await all("select state from safety_reforms where tenant_id = ? order by state")).map((r) => r.state)).toEqual([0, 1, 2, 3, 6]);
    expect((await all("select distinct level from safety_hazards where tenant_id = ? order by level")).map((r) => r.level)).toEqual(["general", "larger", "major"]);
    // every hazard state shows on the list: waiting, under way, rectified
    const list = await (await get("/hazardInvestigation", await signIn(o.account, o.password))).text();
    for (const state of ["待整改", "整改中", "已整改"]) expect(list).toContain(state);
    expect((await all("select state, claim_state from safety_accidents where tenant_id = ? order by state")).map((r) => [r.state, r.claim_state])).toEqual([[1, "reported"], [2, "paid"]]);
    const due = await safetyReformsDueRead({ db: db(), user: { id: o.userId, tenantId: o.tenantId, orgId: null, wholeTenant: true } } as unknown as RequestScope, today(), 10);
    expect(due.map((r) => [r.site, r.deadline])).toEqual([["临港物流园三期", addDays(today(), -2)]]);
  });
});
