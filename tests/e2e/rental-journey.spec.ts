import { expect, test, type Locator, type Page } from "@playwright/test";
import { confirmTransition, makeManager, MANAGER_PASSWORD } from "./contract-steps";
import { database, prefer, screenshot, SIGNED_OUT, signedIn, signIn, TAKING_SCREENSHOTS, THEMES } from "./support";

test.use({ storageState: signedIn("admin") });

// Issue 25 §5, the rental business end to end, once per language: the clerk (the demo administrator) registers a
// customer, writes a rental contract for two machines that are free for its term with a payment plan generated from
// the terms, and submits it; the manager (a second administrator) approves it from the to-do and puts it in force; the
// clerk then finds its bars on the availability board and the contract on each machine's detail, records a trip on
// one of its lines and downloads the printed contract. What a user reads is asserted at each step.
const TEXTS = {
  "zh-CN": {
    customerName: "客户名称", creditCode: "统一社会信用代码", creditLimit: "信用额度(元)", contactName: "姓名 1", phone: "电话 1", save: "保存", saved: "操作成功！", detail: "详情", exposure: "信用敞口",
    contractName: "合同名称", customer: "客户", start: "开始日期", end: "计划结束日期", vehicle: "序号 {n} 设备", monthly: "序号 {n} 月租（元）", addLine: "添加设备", generate: "按条款生成",
    planTotal: "计划合计", value: "合同金额（元）", draft: "草稿", submit: "提交审批", approve: "通过", execute: "执行合同", confirm: "确定", pending: "审批中", inForce: "执行中", pdf: "打印合同(PDF)",
    board: "快速排班", current: "当前合同", history: "租赁记录", record: "出车登记", tripLine: "合同设备", tripOn: "出车日期", operators: "操作手", depart: "出车时间", back: "回场时间",
    hoursStart: "开始工时(小时)", hoursEnd: "结束工时(小时)", signer: "现场签字人", work: "工作内容",
  },
  "en-US": {
    customerName: "Customer", creditCode: "Unified social credit code", creditLimit: "Credit limit (¥)", contactName: "Name 1", phone: "Phone 1", save: "Save", saved: "Saved successfully.", detail: "Detail", exposure: "Credit exposure",
    contractName: "Contract name", customer: "Customer", start: "Start", end: "Planned end", vehicle: "No. {n} Machine", monthly: "No. {n} Monthly (¥)", addLine: "Add machine", generate: "Generate from the terms",
    planTotal: "Plan total", value: "Contract value (¥)", draft: "Draft", submit: "Submit for approval", approve: "Approve", execute: "Put in force", confirm: "Confirm", pending: "In approval", inForce: "In force", pdf: "Print (PDF)",
    board: "Quick Scheduling", current: "Current contract", history: "Rental history", record: "Record a trip", tripLine: "Contract line", tripOn: "Trip day", operators: "Operators", depart: "Departure time", back: "Return time",
    hoursStart: "Engine hours at departure", hoursEnd: "Engine hours at return", signer: "Signed by (customer)", work: "Work done",
  },
} as const;

/** Today in the demo tenant's zone (yyyy-MM-dd). */
const today = () => new Date().toLocaleDateString("sv-SE", { timeZone: "Asia/Shanghai" });

/** The contract's term: the first of this month to the last day of the month after next, three whole months. */
function term() {
  const [y, m] = today().split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m + 2, 0));
  return { start: `${today().slice(0, 7)}-01`, end: last.toISOString().slice(0, 10) };
}

/** Two machines of the demo fleet in service and on no live contract over the term (the board would show them free). */
async function freeMachines(start: string, end: string) {
  const rs = await database().execute({
    sql: `select v.id, v.plate from vehicles v join tenants t on t.id = v.tenant_id
          where t.code = 'demo' and v.state = 1 and not exists (
            select 1 from contract_lines l join contracts c on c.id = l.contract_id
            where l.vehicle_id = v.id and c.current = 1 and c.state in (0, 1, 2, 3) and l.on_rent_on <= ? and coalesce(l.off_rent_on, c.planned_end_on, '9999-12-31') >= ?)
          order by v.plate limit 2`,
    args: [end, start],
  });
  if (rs.rows.length < 2) throw new Error("the demo fleet has no two machines free for the term");
  return rs.rows.map((r) => ({ id: Number(r.id), plate: String(r.plate) }));
}

/** Picks the option of a select whose label names the text (a machine by its plate, a customer by its name). */
async function pick(select: Locator, text: string) {
  const label = await select.locator("option", { hasText: text }).first().textContent();
  await select.selectOption({ label: label ?? text });
}

/** Asserts the page does not scroll sideways and the machines' section holds its lines (the 1280 px overflow). */
async function expectDocumentFits(page: Page) {
  const fit = await page.evaluate(() => {
    const lines = document.querySelector('[data-testid="lines-lines"]')!;
    const section = lines.closest("section")!.getBoundingClientRect();
    const inside = [...lines.querySelectorAll("input:not([type=hidden]), select, button")].every((el) => {
      const r = el.getBoundingClientRect();
      return r.left >= section.left - 0.5 && r.right <= section.right + 0.5;
    });
    return { page: document.documentElement.scrollWidth <= document.documentElement.clientWidth, lines: lines.scrollWidth <= lines.clientWidth, inside };
  });
  expect(fit).toEqual({ page: true, lines: true, inside: true });
}

/** The save bar, stuck at the pane's bottom, covers nothing below it: its bottom is the pane's bottom. */
async function expectSaveBarAtBottom(page: Page) {
  const gap = await page.evaluate(() => {
    const bar = document.querySelector('[data-testid="contract-save-bar"]')!.getBoundingClientRect();
    const main = document.querySelector("main")!.getBoundingClientRect();
    return Math.abs(main.bottom - bar.bottom);
  });
  expect(gap).toBeLessThan(1);
}

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`${lang}: a customer, a rental contract for two free machines with a plan, approved, in force, on the board and the machines, a trip, the PDF`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    const x = TEXTS[lang];
    const n = (s: string, i: number) => s.replace("{n}", String(i));
    const stamp = `${lang.slice(0, 2)}${Date.now().toString(36).slice(-6)}`;
    await page.setViewportSize({ width: 1280, height: 900 });
    const manager = `mgr${stamp}`;
    await makeManager(manager);
    await prefer(page, lang, "light");

    // 1. the customer, with a contact and a credit limit
    await page.goto("/customerContract?new=1");
    const form = page.getByTestId("resource-form");
    await expect(form.getByTestId("lines-contacts")).toHaveAttribute("data-hydrated", "true");
    const customer = `上海旅程建设${stamp}有限公司`;
    await form.getByRole("textbox", { name: x.customerName, exact: true }).fill(customer);
    await form.getByLabel(x.creditCode).fill("91310000MA1FP8QD5W");
    await form.getByTestId("lines-contacts").getByLabel(x.contactName).fill("周立群");
    await form.getByTestId("lines-contacts").getByLabel(x.phone).fill("13916502284");
    await form.getByLabel(x.creditLimit).fill("1500000");
    await form.getByRole("button", { name: x.save }).click();
    await expect(page.getByText(x.saved)).toBeVisible();
    await page.goto(`/customerContract?q=${encodeURIComponent(customer)}`);
    const customerRow = page.getByRole("row", { name: new RegExp(customer) });
    await expect(customerRow).toContainText("1,500,000.00");

    // 2. the contract: two machines free for three whole months, 38,000.50 and 65,000.00 a month, a plan from the terms
    const { start, end } = term();
    const machines = await freeMachines(start, end);
    await page.goto("/contractList/form?new=1");
    // the money inputs take typing once the page is interactive
    await expect(page.getByTestId("lines-lines")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByTestId("contract-state")).toHaveText(x.draft);
    const name = `E2E 旅程 ${stamp}`;
    await page.getByLabel(x.contractName, { exact: true }).fill(name);
    await pick(page.getByLabel(x.customer, { exact: true }), customer);
    await page.getByLabel(x.start, { exact: true }).fill(start);
    await page.getByLabel(x.end, { exact: true }).fill(end);
    await pick(page.getByLabel(n(x.vehicle, 1), { exact: true }), machines[0]!.plate);
    await page.getByLabel(n(x.monthly, 1), { exact: true }).fill("38,000.50");
    await page.getByRole("button", { name: x.addLine }).click();
    await pick(page.getByLabel(n(x.vehicle, 2), { exact: true }), machines[1]!.plate);
    await page.getByLabel(n(x.monthly, 2), { exact: true }).fill("65000");
    await expectDocumentFits(page);
    await page.getByRole("button", { name: x.generate }).click();
    // the settlement day is the 20th: 1st–20th, two periods from the 21st to the 20th, the 21st to the end
    await expect(page.getByTestId("lines-plans").locator("tbody tr")).toHaveCount(4);
    await page.getByTestId("save-contract").click();
    await expect(page).toHaveURL(/\/contractList\/form\?id=\d+/);
    const url = page.url();
    const id = Number(new URL(url).searchParams.get("id"));
    // (38,000.50 + 65,000.00) × 3 months
    await expect(page.getByTestId("contract-value")).toHaveText("309,001.50");
    await expect(page.getByText(`${x.planTotal}：309,001.50 / ${x.value}：309,001.50`)).toBeVisible();
    await expect(page.getByTestId("lines-lines").getByTestId("lines-row").first().getByLabel(n(x.monthly, 1), { exact: true })).toHaveValue("38,000.50");
    await expect(page.getByTestId("lines-lines").getByTestId("lines-row").nth(1).getByLabel(n(x.monthly, 2), { exact: true })).toHaveValue("65,000.00");
    const number = (await page.getByRole("heading", { level: 1 }).textContent())!.match(/HT-\d{6}-\d{4}/)![0];

    // the document at 1920 and 1280 wide (and dark, for the pictures): it fits, and the save bar sits at the pane's
    // bottom; the suite ends at 1280 and light, where the journey goes on
    for (const width of [1920, 1280]) {
      for (const theme of THEMES) {
        await prefer(page, lang, theme);
        await page.setViewportSize({ width, height: 900 });
        await page.goto(url);
        await expect(page.getByTestId("lines-lines")).toBeVisible();
        await expectDocumentFits(page);
        await screenshot(page, `contracts/document-${width}-${lang}-${theme}`);
        await page.getByTestId("lines-lines").scrollIntoViewIfNeeded();
        await expectSaveBarAtBottom(page);
        await screenshot(page, `contracts/lines-${width}-${lang}-${theme}`);
      }
    }
    if (TAKING_SCREENSHOTS) {
      await prefer(page, lang, "light");
      await page.goto(url);
    }

    await confirmTransition(page, x.submit, x.confirm);
    await expect(page.getByTestId("contract-state")).toHaveText(x.pending);

    // 3. the manager approves it from the to-do and puts it in force
    const other = await browser.newContext({ locale: lang, viewport: { width: 1280, height: 900 }, storageState: SIGNED_OUT });
    const mp = await other.newPage();
    await signIn(mp, manager, MANAGER_PASSWORD);
    await prefer(mp, lang, "light");
    await mp.goto("/manageWork");
    await mp.getByTestId("todo").getByRole("link", { name: new RegExp(name) }).click();
    await expect(mp).toHaveURL(new RegExp(`/contractList/form\\?id=${id}$`));
    await confirmTransition(mp, x.approve, x.confirm);
    await expect(mp.getByTestId("approval-history").locator('[data-state="done"]')).toHaveCount(1);
    // a one-step flow: approved at once (a second step would still show 审批中 here)
    await confirmTransition(mp, x.execute, x.confirm);
    await expect(mp.getByTestId("contract-state")).toHaveText(x.inForce);
    await other.close();

    // the clerk sees it in force, read-only
    await page.goto(url);
    await expect(page.getByTestId("contract-state")).toHaveText(x.inForce);
    await expect(page.getByLabel(n(x.monthly, 1), { exact: true })).toBeDisabled();
    await expect(page.getByTestId("contract-save-bar")).toHaveCount(0);

    // 4. its two bars on the availability board, executing
    for (const machine of machines) {
      await page.goto(`/quickSchedule?q=${encodeURIComponent(machine.plate)}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(x.board);
      const bar = page.locator(`[data-testid="board-row"][data-plate="${machine.plate}"]`).getByTestId("board-bar").filter({ hasText: number });
      await expect(bar).toHaveText(`${number} · ${customer}`);
      await expect(bar).toHaveAttribute("data-state", "executing");
      await expect(bar).toHaveAttribute("title", new RegExp(`${x.inForce}$`));
    }

    // 5. the contract on the machine's detail: current, and in its rental history with the contract's own state name
    await page.goto(`/deviceDetails?id=${machines[0]!.id}`);
    const rental = page.getByTestId("vehicle-rental");
    await expect(rental.getByRole("heading", { name: x.current })).toBeVisible();
    const current = rental.getByTestId("current-contract");
    await expect(current.getByRole("link", { name: number })).toBeVisible();
    await expect(current).toContainText(customer);
    await expect(current).toContainText(start);
    const historyRow = rental.getByTestId("rental-history").getByRole("row", { name: new RegExp(number) });
    await expect(historyRow).toContainText(end);
    await expect(historyRow).toContainText(x.inForce);

    // 6. a trip on that line, from the detail's link
    await current.getByRole("link", { name: x.record }).click();
    await expect(page).toHaveURL(/\/outcarRecord\?new=1&lineId=\d+/);
    const trip = page.getByTestId("resource-form");
    await expect(trip.getByLabel(x.tripLine)).toBeEditable();
    await expect(trip.getByLabel(x.tripLine).locator("option:checked")).toContainText(`${number} · 1 · ${machines[0]!.plate} · ${customer}`);
    await trip.getByLabel(x.tripOn).fill(today());
    await trip.getByLabel(x.operators).fill("王建军");
    await trip.getByLabel(x.depart).fill("07:30");
    await trip.getByLabel(x.back).fill("17:15");
    await trip.getByLabel(x.hoursStart).fill("1520");
    await trip.getByLabel(x.hoursEnd).fill("1528.5");
    await trip.getByLabel(x.signer).fill("周立群");
    const work = `吊装钢结构 ${stamp}`;
    await trip.getByLabel(x.work).fill(work);
    await trip.getByRole("button", { name: x.save }).click();
    await expect(page.getByTestId("resource-form")).toHaveCount(0);
    const tripRow = page.getByRole("row", { name: new RegExp(work) });
    await expect(tripRow).toContainText(number);
    await expect(tripRow).toContainText(customer);
    await expect(tripRow).toContainText(machines[0]!.plate);
    await expect(tripRow).toContainText("8.5");

    // 7. the printed contract from the document's link
    await page.goto(url);
    const link = page.getByRole("link", { name: x.pdf });
    await expect(link).toHaveAttribute("href", `/contractList/pdf?id=${id}&lang=${lang}`);
    const pdf = await page.request.get(`${(await link.getAttribute("href"))!}&download=1`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toMatch(/^attachment/);
    const body = await pdf.body();
    expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(body.length).toBeGreaterThan(20_000);

    // 8. the customer's exposure now carries the contract
    await page.goto(`/customerContract?q=${encodeURIComponent(customer)}`);
    await page.getByRole("row", { name: new RegExp(customer) }).getByRole("link", { name: x.detail }).click();
    const exposure = page.getByTestId("resource-detail").getByTestId("customer-exposure");
    await expect(exposure).toContainText(x.exposure);
    await expect(exposure).toContainText("¥309,001.50");
    await expect(exposure).toHaveAttribute("data-over", "0");
  });
}
