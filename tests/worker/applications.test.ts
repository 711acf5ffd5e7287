import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";

async function adminWithApplication() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  const name = unique("申请人");
  expect((await postForm("/applicationManage", { intent: "create", name, phone: "13700001111", appRole: "operator", company: "华东工地", reason: "操作塔吊" }, { Cookie: cookie })).status).toBe(302);
  const id = (await env.DB.prepare("select id from app_applications where name = ?").bind(name).first<{ id: number }>())!.id;
  return { ...t, cookie, id, name };
}
const stateOf = async (id: number) => env.DB.prepare("select state, refuse_reason, reviewer_id from app_applications where id = ?").bind(id).first();

describe("/applicationManage app-user audit", () => {
  it("approves a pending application after confirmation, once", async () => {
    const a = await adminWithApplication();
    const ask = await (await postForm("/applicationManage", { intent: "confirmApprove", ids: String(a.id) }, { Cookie: a.cookie })).text();
    expect(ask).toContain("确定通过所选申请吗？");
    expect((await postForm("/applicationManage", { intent: "review", decision: "approve", ids: String(a.id) }, { Cookie: a.cookie })).status).toBe(302);
    expect(await stateOf(a.id)).toEqual({ state: 1, refuse_reason: null, reviewer_id: a.userId });
    const again = await postForm("/applicationManage", { intent: "review", decision: "refuse", ids: String(a.id), refuseReason: "x" }, { Cookie: a.cookie });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("所选申请已审核，无需重复处理");
  });

  it("refuses only with a reason, and shows the application on its form screen", async () => {
    const a = await adminWithApplication();
    const noReason = await postForm("/applicationManage", { intent: "review", decision: "refuse", ids: String(a.id), refuseReason: "  " }, { Cookie: a.cookie });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("请填写拒绝原因");
    expect((await postForm("/applicationManage", { intent: "review", decision: "refuse", ids: String(a.id), refuseReason: "资料不全" }, { Cookie: a.cookie })).status).toBe(302);
    expect(await stateOf(a.id)).toMatchObject({ state: 2, refuse_reason: "资料不全" });
    const form = await (await get(`/applicationManage/form?id=${a.id}`, a.cookie)).text();
    expect(form).toContain(a.name);
    expect(form).toContain("已拒绝");
    expect(form).toContain("资料不全");
  });

  it("never touches another tenant's application", async () => {
    const a = await adminWithApplication();
    const b = await adminWithApplication();
    expect((await get(`/applicationManage/form?id=${b.id}`, a.cookie)).status).toBe(404);
    expect((await postForm("/applicationManage", { intent: "review", decision: "approve", ids: String(b.id) }, { Cookie: a.cookie })).status).toBe(409);
    expect(await stateOf(b.id)).toMatchObject({ state: 0 });
  });
});
