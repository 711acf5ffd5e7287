import { expect, test, type Page } from "@playwright/test";
import { prefer, signedIn, untilHydrated } from "./support";

// Site safety (issue 42) as a safety officer walks it in a browser, in both languages at 1280 px: an inspection whose
// wire rope fails is completed; a hazard is registered from it and a rectification notice started from the hazard;
// the notice is submitted, issued and rectified (its after photo uploaded), reviewed and rechecked; the hazard then
// reads 已整改. Each screen is photographed at 1280 and 1920 px into test-results (not committed). The rules and
// refusals are the worker layer's (tests/worker/safety.test.ts).

test.use({ storageState: signedIn("admin") });

const TEXT = {
  "zh-CN": {
    confirm: "确定",
    finish: "完成检查",
    completed: "已完成",
    failedNote: "起升钢丝绳局部断丝超标",
    submit: "提交",
    issue: "下发",
    start: "开始整改",
    requestReview: "提交复核",
    reviewPass: "复核通过",
    recheckPass: "复查合格",
    states: { submitted: "已提交", issued: "已下发", rectifying: "整改中", review: "待复核", recheck: "复查", done: "已完成" },
    pending: "待整改",
    rectified: "已整改",
    noPhoto: "第1项整改未上传整改后照片，不能提交复核",
    details: "详情",
  },
  "en-US": {
    confirm: "Confirm",
    finish: "Complete",
    completed: "Completed",
    failedNote: "起升钢丝绳局部断丝超标",
    submit: "Submit",
    issue: "Issue",
    start: "Start rectifying",
    requestReview: "Submit for review",
    reviewPass: "Review passed",
    recheckPass: "Recheck passed",
    states: { submitted: "Submitted", issued: "Issued", rectifying: "Rectifying", review: "Awaiting review", recheck: "Rechecking", done: "Done" },
    pending: "To rectify",
    rectified: "Rectified",
    noPhoto: "Item 1 has no after photo: upload one before submitting for review",
    details: "Details",
  },
} as const;

/** The page at 1280 and 1920 px wide into this test's output folder (test-results), `at` in view; then back at 1280. */
async function photograph(page: Page, name: string, at?: string) {
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    if (at) await page.getByTestId(at).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A transition from the document's page: its button, then 确定 in its confirmation; the state it lands in. */
async function take(page: Page, button: string, confirm: string, state: string) {
  await page.getByRole("button", { name: button, exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: confirm }).click();
  await expect(page.getByTestId("document-state")).toHaveText(state);
}

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`a safety officer's path: inspection → hazard → notice issued, rectified with its after photo, reviewed and done; the hazard rectified (${lang})`, async ({ page }) => {
    const x = TEXT[lang];
    const site = `e2e 宝山堆场 ${lang}`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await prefer(page, lang, "light");

    // the lists, as the demo has them
    for (const path of ["/safeInspectionCheck", "/hazardInvestigation", "/safetyReform", "/accidentProposal"]) {
      await page.goto(path);
      await expect(page.getByRole("table")).toBeVisible();
      await photograph(page, `list${path.replace("/", "-")}-${lang}`);
    }

    // an inspection: the standard checklist, the wire rope failed
    await page.goto("/safeInspectionCheck/form?new=1");
    const save = page.getByTestId("document-save");
    await untilHydrated(save);
    // today's, with the standard checklist
    await expect(page.getByTestId("items-row")).toHaveCount(8);
    await page.locator('select[name="inspectorId"]').selectOption({ label: "系统管理员" });
    await page.locator('input[name="site"]').fill(site);
    await page.locator('select[name="items[2].result"]').selectOption("fail");
    await page.locator('input[name="items[2].note"]').fill(x.failedNote);
    await save.click();
    await expect(page).toHaveURL(/\/safeInspectionCheck\/form\?id=\d+/);
    await take(page, x.finish, x.confirm, x.completed);
    await expect(page.getByTestId("safety-related")).toContainText(lang === "zh-CN" ? "不合格项 1 项" : "1 failed items");
    await photograph(page, `inspection-${lang}`, "safety-related");

    // 下发整改 would start a notice from the failed item: its requirement is the inspector's note
    await page.getByTestId("raise-notice").click();
    await expect(page).toHaveURL(/\/safetyReform\/form\?new=1&checkId=\d+/);
    await expect(page.locator('input[name="items[0].requirement"]')).toHaveValue(x.failedNote);
    await expect(page.getByTestId("items-row")).toHaveCount(1);
    await photograph(page, `notice-from-inspection-${lang}`, "items-row");
    await page.goBack();

    // 登记隐患: the failed item becomes the hazard's description
    await page.getByTestId("register-hazard").click();
    await expect(page).toHaveURL(/\/hazardInvestigation\/form\?new=1&checkId=\d+/);
    await expect(page.locator('textarea[name="description"]')).toHaveValue(new RegExp(x.failedNote));
    await untilHydrated(page.getByTestId("document-save"));
    await page.getByTestId("document-save").click();
    await expect(page).toHaveURL(/\/hazardInvestigation\/form\?id=\d+/);
    const hazardUrl = page.url();
    await expect(page.getByTestId("document-state")).toHaveText(x.pending);
    await photograph(page, `hazard-${lang}`, "safety-related");

    // 发起整改: the notice starts from the hazard; issued to the company, the administrator answerable
    await page.getByTestId("start-reform").click();
    await expect(page).toHaveURL(/\/safetyReform\/form\?new=1&hazardId=\d+/);
    await untilHydrated(page.getByTestId("document-save"));
    // the form hydrates after the page (its own chunk): with many users (the big list's 10,000) a choice made before
    // it is in can be drawn again empty, so each choice is made until it holds
    const org = page.locator('select[name="orgId"]');
    const responsible = page.locator('select[name="responsibleId"]');
    await expect(async () => {
      await org.selectOption({ index: 1 });
      await responsible.selectOption({ label: "系统管理员" });
      await expect(org).not.toHaveValue("", { timeout: 500 });
      await expect(responsible).not.toHaveValue("", { timeout: 500 });
    }).toPass();
    await page.getByTestId("document-save").click();
    await expect(page).toHaveURL(/\/safetyReform\/form\?id=\d+/);
    const noticeUrl = page.url();
    await take(page, x.submit, x.confirm, x.states.submitted);
    await take(page, x.issue, x.confirm, x.states.issued);
    await take(page, x.start, x.confirm, x.states.rectifying);

    // no after photo yet: refused, with the reason
    await page.getByRole("button", { name: x.requestReview, exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: x.confirm }).click();
    await expect(page.getByTestId("transition-refused")).toContainText(x.noPhoto);
    await page.goto(noticeUrl);

    // the after photo of item 1, and what was done
    const item = page.getByTestId("items-row").first();
    await untilHydrated(page.getByTestId("document-save"));
    await item.getByTestId("upload").nth(1).locator('input[type="file"]').setInputFiles("tests/e2e/fixtures/logo.png");
    await expect(item.locator('input[type="hidden"][name="items[0].afterPhotos"]')).toHaveCount(1);
    await item.locator('input[name="items[0].remark"]').fill("已更换钢丝绳并做载荷试验");
    await photograph(page, `notice-rectifying-${lang}`, "items-row");
    await page.getByTestId("document-save").click();
    await expect(page.getByTestId("items-row").first()).toContainText("logo.png");

    await take(page, x.requestReview, x.confirm, x.states.review);
    await take(page, x.reviewPass, x.confirm, x.states.recheck);
    await take(page, x.recheckPass, x.confirm, x.states.done);
    await photograph(page, `notice-done-${lang}`, "items-row");

    // the hazard follows its notice
    await page.goto(hazardUrl);
    await expect(page.getByTestId("document-state")).toHaveText(x.rectified);
    await expect(page.getByTestId("safety-related")).toContainText(x.states.done);
    await photograph(page, `hazard-rectified-${lang}`, "safety-related");

    // an accident filing of the demo: its casualties and its approval
    await page.goto("/accidentProposal");
    await page.getByRole("row").filter({ hasText: /SG-\d{6}-\d{4}/ }).first().getByRole("link", { name: x.details }).click();
    await expect(page).toHaveURL(/\/accidentProposal\/form\?id=\d+/);
    await expect(page.getByTestId("accident-casualties")).toBeVisible();
    // the form comes a moment after the page (its own chunk): the picture waits for it
    await expect(page.locator('input[name="place"]')).toBeVisible();
    await photograph(page, `accident-${lang}`);
    await photograph(page, `accident-people-${lang}`, "accident-casualties");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  });
}
