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
