import { expect, test, type Page } from "@playwright/test";
import { database, prefer, screenshot, signedIn, untilHydrated } from "./support";

// 个人巡检 → 异常上报 → 设备维修 → the bill, where only a browser shows it: an operator on a 390-pixel phone checks a
// machine on rent with the truck cranes' daily procedure, the brake fails (a note is required, said at the item), the
// record raises an issue; at the desk the issue is turned into a repair order whose downtime lies in the machine's
// draft bill's period; sent for approval, the draft is priced again and its fault proposal counts those days. Both
// languages; screenshots at 390 (the phone), 1280 and 1920. The rules themselves are the worker layer's
// (tests/worker/inspections.test.ts, repairs.test.ts).

test.use({ storageState: signedIn("admin") });

const TEXT = {
  "zh-CN": { start: "开始检查", pass: "合格", fail: "不合格", normal: "正常", submit: "提交记录", noteNeeded: "不合格项请填写说明", note: "左后制动片磨损到限", saved: "1项不合格已生成异常", toRepair: "转维修", submitApproval: "提交审批", confirm: "确定", inApproval: "审批中", fault: "故障扣减" },
  "en-US": { start: "Start", pass: "Pass", fail: "Fail", normal: "正常", submit: "Submit record", noteNeeded: "Say what is wrong with a failed item", note: "Rear left brake pad worn to its limit", saved: "1 failed items raised as issues", toRepair: "Turn into a repair", submitApproval: "Submit for approval", confirm: "Confirm", inApproval: "In approval", fault: "Fault deduction" },
} as const;

/** A draft bill of an executing rental contract of the demo (as it stands, not an earlier revision) with a line whose machine takes fault deductions. */
async function draftWithFaultRule(skip: number) {
  const rs = await database().execute({
    sql: `select b.id bill, b.period_from, b.period_to, v.id vehicle, v.plate from bills b join contract_lines l on l.contract_id = b.contract_id and l.tenant_id = b.tenant_id
          join contracts c on c.id = b.contract_id and c.current = 1 and c.state = 3 and c.kind = 'rental'
          join vehicles v on v.id = l.vehicle_id join tenants t on t.id = b.tenant_id
          where t.code = 'demo' and b.state = 0 and b.kind = 'regular' and l.fault_deduction = 1 and l.on_rent_on <= b.period_from and (l.off_rent_on is null or l.off_rent_on >= b.period_to)
            and julianday(b.period_to) - julianday(b.period_from) >= 10
          order by b.id desc limit 1 offset ?`,
    args: [skip],
  });
  const row = rs.rows[0];
  if (!row) throw new Error("the demo seed has no draft bill of a line with the fault rule");
  return { bill: Number(row.bill), from: String(row.period_from), to: String(row.period_to), vehicle: Number(row.vehicle), plate: String(row.plate) };
}

const plusDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function shots(page: Page, name: string) {
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 1000 });
    await screenshot(page, `inspections/${name}-${width}`);
  }
}

for (const [n, lang] of (["zh-CN", "en-US"] as const).entries()) {
  test(`an operator's check on a phone fails the brake; the issue becomes a repair whose downtime is on the bill (${lang})`, async ({ page }) => {
    const x = TEXT[lang];
    const target = await draftWithFaultRule(n);
    await prefer(page, lang, n ? "dark" : "light");

    // the phone: the task list, the unplanned check of the machine with the truck cranes' daily procedure
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/personalInspection");
    const start = page.getByRole("button", { name: x.start, exact: true });
    await untilHydrated(start);
    await screenshot(page, `inspections/phone-tasks-${lang}`);
    await page.locator('select[name="vehicleId"]').selectOption(String(target.vehicle));
    const daily = await page.locator('select[name="procedureId"] option', { hasText: "汽车吊日常点检" }).first().getAttribute("value");
    await page.locator('select[name="procedureId"]').selectOption(daily!);
    await start.click();
    await expect(page).toHaveURL(/\/personalInspection\/record\?vehicleId=\d+&procedureId=\d+/);
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const item = (i: number) => page.locator("form ol > li").nth(i);
    await item(0).getByText(x.fail, { exact: true }).click();
    await item(1).getByText(x.normal, { exact: true }).click();
    await item(2).locator('input[name="items[2].value"]').fill("21.5");
    await item(3).getByText(x.pass, { exact: true }).click();
    await item(4).getByText(x.normal, { exact: true }).click();
    await item(5).getByText(x.pass, { exact: true }).click();
    // a failed item without its note is refused at the item
    await page.getByRole("button", { name: x.submit }).click();
    await expect(item(0)).toContainText(x.noteNeeded);
    await item(0).locator('textarea[name="items[0].note"]').fill(x.note);
    await screenshot(page, `inspections/phone-record-${lang}`);
    await page.getByRole("button", { name: x.submit }).click();
    await expect(page.getByRole("status").filter({ hasText: x.saved })).toBeVisible();
    await screenshot(page, `inspections/phone-saved-${lang}`);

    // at the desk: the issue, turned into a repair order whose downtime lies in the draft's period
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("link", { name: /YC-\d{6}-\d{4}/ }).first().click();
    await expect(page).toHaveURL(/\/abnormalReport\/form\?id=\d+/);
    await page.getByTestId("to-repair").click();
    await expect(page).toHaveURL(/\/equipmentRepair\/form\?new=1&abnormalityId=\d+/);
    const save = page.getByTestId("document-save");
    await untilHydrated(save);
    const downFrom = plusDays(target.from, 3 + n * 4);
    await page.locator('input[name="downFromOn"]').fill(downFrom);
    await page.locator('input[name="downFromTime"]').fill("08:00");
    await page.locator('input[name="downToOn"]').fill(plusDays(downFrom, 1));
    await page.locator('input[name="downToTime"]').fill("16:00");
    await save.click();
    await expect(page).toHaveURL(/\/equipmentRepair\/form\?id=\d+/);
    await page.getByRole("button", { name: x.submitApproval, exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: x.confirm }).click();
    await expect(page.getByTestId("document-state")).toHaveText(x.inApproval);
    await shots(page, `repair-${lang}`);

    // the machine's draft bill: its fault proposal counts the downtime's two days
    const rs = await database().execute({ sql: "select days from bill_proposals where bill_id = ? and kind = 'fault' and state = 0", args: [target.bill] });
    const days = rs.rows.flatMap((r) => JSON.parse(String(r.days)) as string[]);
    expect(days).toEqual(expect.arrayContaining([downFrom, plusDays(downFrom, 1)]));
    await page.goto(`/contractBillReport/bill?id=${target.bill}`);
    await expect(page.getByTestId("proposal").filter({ hasText: x.fault }).first()).toBeVisible();
    await shots(page, `bill-${lang}`);
  });
}
