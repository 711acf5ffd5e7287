import { expect, test, type Page } from "@playwright/test";
import { database, prefer, signedIn } from "./support";

test.use({ storageState: signedIn("admin") });

const TEXT = {
  "zh-CN": { board: "快速排班", trips: (n: number) => `${n}条出车登记`, executing: "执行中" },
  "en-US": { board: "Quick Scheduling", trips: (n: number) => `Departures logged: ${n}`, executing: "In force" },
} as const;

/** The board and the list scroll inside themselves; the page never scrolls sideways. */
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Today in the demo tenant's zone. */
const today = () => new Date().toLocaleDateString("sv-SE", { timeZone: "Asia/Shanghai" });

/** A seeded executing line of the demo tenant on a machine, on-rent today: its plate, contract number and line id. */
async function executingLine(kind?: string) {
  const rs = await database().execute({
    sql: `select l.id, c.number, v.plate from contract_lines l join contracts c on c.id = l.contract_id join vehicles v on v.id = l.vehicle_id join tenants t on t.id = c.tenant_id
          where t.code = 'demo' and c.current = 1 and c.state = 3 and l.on_rent_on <= ? and (l.off_rent_on is null or l.off_rent_on >= ?) ${kind ? "and c.kind = ?" : ""}
          order by l.id limit 1`,
    args: kind ? [today(), today(), kind] : [today(), today()],
  });
  const row = rs.rows[0];
  if (!row) throw new Error("the demo seed has no executing line on-rent today");
  return { lineId: Number(row.id), number: String(row.number), plate: String(row.plate) };
}

async function tripsOn(day: string) {
  const rs = await database().execute({ sql: "select count(*) n from outcar_records o join tenants t on t.id = o.tenant_id where t.code = 'demo' and o.trip_on = ?", args: [day] });
  return Number(rs.rows[0]?.n ?? 0);
}

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`${lang}: the board shows a seeded executing contract line as a bar; a recorded trip counts on the calendar; both fit 1280 px`, async ({ page }) => {
    const x = TEXT[lang];
    await page.setViewportSize({ width: 1280, height: 800 });
    await prefer(page, lang, "light");
    const line = await executingLine();

    // the machine's row carries its contract line as a bar, labelled with the contract and coloured as executing
    await page.goto(`/quickSchedule?q=${encodeURIComponent(line.plate)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(x.board);
    const row = page.locator(`[data-testid="board-row"][data-plate="${line.plate}"]`);
    const bar = row.getByTestId("board-bar").filter({ hasText: line.number });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute("data-state", "executing");
    await expect(bar).toHaveAttribute("title", new RegExp(x.executing));
    // (the unfiltered board and list at 1280 × 620: rough-edges.spec.ts's sweep of every built screen)
    expect(await fits(page)).toBe(true);
    // the next month and back, by keyboard
    await page.getByRole("link", { name: new RegExp(lang === "zh-CN" ? "下个月" : "Next month") }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/month=\d{4}-\d{2}/);

    // record a trip on a 零租 line today, through the form
    const spot = await executingLine("spot");
    const day = today();
    await page.goto(`/outcarRecord?new=1&lineId=${spot.lineId}&tripOn=${day}`);
    const form = page.getByTestId("resource-form");
    await expect(form.locator('select[name="lineId"]')).toHaveValue(String(spot.lineId));
    await expect(form.locator('input[name="tripOn"]')).toHaveValue(day);
    await form.locator('input[name="operators"]').fill("王建军");
    await form.locator('input[name="departTime"]').fill("07:30");
    await form.locator('input[name="returnTime"]').fill("17:15");
    await form.locator('input[name="engineHoursStart"]').fill("3200");
    await form.locator('input[name="engineHoursEnd"]').fill("3208.5");
    await form.locator('input[name="signer"]').fill("赵工");
    const work = `吊装钢梁 e2e ${lang} ${Date.now()}`;
    await form.locator('textarea[name="work"]').fill(work);
    await form.locator('button[type="submit"]').last().click();
    await expect(page.getByTestId("resource-form")).toHaveCount(0);
    await expect(page.getByText(work)).toBeVisible();

    // the calendar beside the list counts it with the day's other trips
    const n = await tripsOn(day);
    expect(n).toBeGreaterThan(0);
    await page.goto(`/outcarRecord?cal=${day.slice(0, 7)}`);
    await expect(page.getByTestId("trip-calendar").locator(`button[data-date="${day}"]`)).toContainText(x.trips(n));
    expect(await fits(page)).toBe(true);
  });
}
