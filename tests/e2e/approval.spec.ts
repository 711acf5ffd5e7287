import { expect, test } from "@playwright/test";
import { DEMO_USERS } from "../../db/seed/demo-identity";
import { prefer, signedIn } from "./support";

const { admin } = DEMO_USERS;
test.use({ storageState: signedIn("admin") });

// An approval from start to approve, in both languages: the administrator names themself as the approver of app-user
// applications (审批流程), an application comes in, waits in the workbench's to-do, is approved on its own page
// after the confirmation, and its history shows the decided step.
const TEXTS = {
  "zh-CN": { tab: "审批流程", save: "保存", saved: "操作成功！", kind: "APP用户申请", add: "新增", applicant: "申请人", mobile: "手机号", role: "申请身份", operator: "操作员", formSave: "保存", todo: "我的待办", approve: "通过", confirm: "确定", question: "确定通过所选申请吗？", approved: "已通过", history: "审批记录", step: "第1步" },
  "en-US": { tab: "Approval flows", save: "Save", saved: "Saved successfully.", kind: "App user application", add: "Add", applicant: "Applicant", mobile: "Mobile", role: "Applies as", operator: "Operator", formSave: "Save", todo: "My to-dos", approve: "Approve", confirm: "Confirm", question: "Approve the selected applications?", approved: "Approved", history: "Approval history", step: "Step 1" },
} as const;

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`an application from start to approve through the to-do (${lang})`, async ({ page }) => {
    const x = TEXTS[lang];
    await prefer(page, lang);

    // 审批流程: one step, decided by the administrator by name
    await page.goto("/tenantConfig/approvals");
    await expect(page.getByRole("link", { name: x.tab })).toBeVisible();
    const flow = page.getByTestId("flow-application");
    await flow.getByLabel(x.step, { exact: true }).selectOption({ label: `${admin.name}（${admin.account}）` });
    await flow.getByRole("button", { name: x.save }).click();
    await expect(page.getByText(x.saved)).toBeVisible();
    await expect(page.getByTestId("flow-application").getByLabel(x.step, { exact: true })).toHaveValue(/^user:\d+$/);

    // an application comes in
    const name = `e2e${lang.slice(0, 2)}${Date.now().toString(36).slice(-5)}`;
    await page.goto("/applicationManage");
    await page.getByTestId("add").click();
    const form = page.getByTestId("resource-form");
    await form.getByLabel(x.applicant).fill(name);
    await form.getByLabel(x.mobile).fill("13700002222");
    await form.getByLabel(x.role).selectOption({ label: x.operator });
    await form.getByRole("button", { name: x.formSave }).click();
    await expect(page.getByTestId("data-table")).toContainText(name);

    // it waits in the to-do; the link opens it
    await page.goto("/manageWork");
    const todo = page.getByTestId("todo");
    await expect(todo.getByRole("heading", { name: x.todo })).toBeVisible();
    await todo.getByRole("link", { name: new RegExp(`${x.kind} · ${name}`) }).click();
    await expect(page).toHaveURL(/\/applicationManage\/form\?id=\d+/);
    await expect(page.getByTestId("approval-history").locator('[data-state="current"]')).toHaveCount(1);

    await page.getByRole("button", { name: x.approve, exact: true }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(x.question);
    await dialog.getByRole("button", { name: x.confirm }).click();
    const history = page.getByTestId("approval-history");
    await expect(history.locator('[data-state="done"]')).toHaveCount(1);
    await expect(history).toContainText(x.history);
    await expect(history).toContainText(admin.name);
    await expect(page.getByTestId("application-detail")).toContainText(x.approved);
    // nothing waits any more
    await page.goto("/manageWork");
    await expect(page.getByTestId("todo")).not.toContainText(name);
  });
}

test.afterAll(async ({ browser }) => {
  // back to the default flow (approve-code holders in one step) for the other specs
  const context = await browser.newContext({ storageState: signedIn("admin") });
  const page = await context.newPage();
  await page.goto("/tenantConfig/approvals");
  const flow = page.getByTestId("flow-application");
  const selects = flow.locator("select");
  for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption("");
  await flow.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("操作成功！")).toBeVisible();
  await context.close();
});

test.describe("the demo's second approver", () => {
  test.use({ storageState: signedIn("manager") });

  test("decides a contract the administrator submitted: 通过 is theirs, not its submitter's", async ({ page, browser }) => {
    // 星湖街管廊吊装, one of the demo's contracts waiting for approval, submitted by the administrator
    const row = (p: typeof page) => p.getByRole("row").filter({ has: p.getByRole("cell", { name: "星湖街管廊吊装", exact: true }) });
    await page.goto("/contractList");
    await expect(row(page)).toContainText("审批中");
    await expect(row(page).getByRole("button", { name: "通过", exact: true })).toBeVisible();
    // on its page too
    await row(page).getByRole("link", { name: "详情" }).click();
    await expect(page.getByTestId("contract-state")).toHaveText("审批中");
    await expect(page.getByRole("button", { name: "通过", exact: true })).toBeVisible();
    // its submitter sees no 通过 on it (nobody approves their own)
    const admin = await browser.newContext({ storageState: signedIn("admin") });
    const own = await admin.newPage();
    await own.goto("/contractList");
    await expect(row(own)).toContainText("审批中");
    await expect(row(own).getByRole("button", { name: "通过", exact: true })).toHaveCount(0);
    await admin.close();
  });
});
