import { expect, test } from "@playwright/test";
import { signedIn, untilHydrated } from "./support";

test.use({ storageState: signedIn("admin") });

const COORD = /^-?\d{1,3}(\.\d{1,6})?$/;

test("picks a marker point's location on the map (click, arrow keys, Enter; Esc cancels) and saves it", async ({ page }) => {
  // the form page fetches no map code before the dialog opens
  const mapRequests: string[] = [];
  page.on("request", (r) => /maplibre|mapbox|map-view|map-picker-(map|dialog)|api\/map\/config/.test(r.url()) && mapRequests.push(r.url()));
  await page.goto("/deviceList/markers?new=1");
  const form = page.getByTestId("resource-form");
  await expect(form.getByRole("group", { name: "位置" })).toBeVisible();
  expect(mapRequests).toEqual([]);

  const name = `选点${Date.now().toString(36)}`;
  await form.getByLabel("标注点名称").fill(name);
  await form.getByRole("button", { name: "地图选点" }).click();
  const dialog = page.getByRole("dialog", { name: "地图选点" });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("[data-map-state=ready]")).toBeVisible({ timeout: 30_000 });
  expect(mapRequests.some((u) => u.includes("maplibre"))).toBe(true);
  await expect(dialog.getByTestId("map-picker-readout")).toHaveText("尚未选择位置");
  await expect(dialog.getByRole("button", { name: "确定" })).toBeDisabled();

  // a click sets the marker and the point
  const box = (await dialog.getByRole("region", { name: "地图选点" }).boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.4);
  await expect(dialog.getByTestId("map-picker-marker")).toBeVisible();
  const readout = dialog.getByTestId("map-picker-readout");
  await expect(readout).toContainText("已选位置：经度");
  const lngOf = async () => Number(/经度 (-?[\d.]+)/.exec((await readout.textContent()) ?? "")![1]);
  const clicked = await lngOf();

  // arrow keys move it a little (the map keeps the keyboard focus after the click)
  await page.keyboard.press("ArrowRight");
  await expect.poll(lngOf).toBeGreaterThan(clicked);
  const moved = await lngOf();
  expect(moved - clicked).toBeLessThan(0.1);
  const chosen = (await readout.textContent())!;

  // Enter takes it: the inputs get the numbers
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  const lng = form.getByLabel("经度");
  const lat = form.getByLabel("纬度");
  await expect(lng).toHaveValue(COORD);
  await expect(lat).toHaveValue(COORD);
  expect(Number(await lng.inputValue())).toBe(moved);
  expect(chosen).toContain(`纬度 ${await lat.inputValue()}`);
  // focus is back on the button that opened the dialog
  await expect(form.getByRole("button", { name: "地图选点" })).toBeFocused();

  // Esc leaves the inputs as they were, whatever was clicked
  const kept = [await lng.inputValue(), await lat.inputValue()];
  await form.getByRole("button", { name: "地图选点" }).click();
  await expect(dialog.locator("[data-map-state=ready]")).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId("map-picker-marker")).toBeVisible();
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.7);
  await expect(readout).not.toHaveText(chosen);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect([await lng.inputValue(), await lat.inputValue()]).toEqual(kept);

  await form.getByLabel("地址").fill("  上海市黄浦区人民大道200号 ");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("操作成功！")).toBeVisible();
  await page.goto(`/deviceList/markers?q=${encodeURIComponent(name)}`);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(kept[0]!);
  await expect(row).toContainText(kept[1]!);
  await expect(row).toContainText("上海市黄浦区人民大道200号");
});

test("a typed point out of range is refused next to the field before and after posting, keeping what was typed", async ({ page }) => {
  await page.goto("/deviceList/markers?new=1");
  const form = page.getByTestId("resource-form");
  // the refusal before posting is the browser's check: it needs the page's scripts
  await untilHydrated(form.getByLabel("经度"));
  await form.getByLabel("标注点名称").fill(`越界${Date.now().toString(36)}`);
  await form.getByLabel("经度").fill("181");
  await form.getByLabel("纬度").fill("31.2");
  await form.getByLabel("纬度").blur();
  await expect(form.getByText("经度须在-180到180之间，最多6位小数")).toBeVisible();
  await form.getByRole("button", { name: "保存" }).click();
  await expect(form.getByText("经度须在-180到180之间，最多6位小数")).toBeVisible();
  await expect(form.getByLabel("经度")).toHaveValue("181");
  await expect(form.getByLabel("经度")).toHaveAttribute("aria-invalid", "true");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the three inputs post with the form; a refused save keeps them; no map button that would do nothing", async ({ page }) => {
    await page.goto("/deviceList/markers?new=1");
    const form = page.getByTestId("resource-form");
    await expect(form.getByRole("button", { name: "地图选点" })).toHaveCount(0);
    const name = `无脚本${Date.now().toString(36)}`;
    await form.getByLabel("标注点名称").fill(name);
    await form.getByLabel("经度").fill("-190");
    await form.getByLabel("纬度").fill("22.543096");
    await form.getByRole("button", { name: "保存" }).click();
    await expect(form.getByText("经度须在-180到180之间，最多6位小数")).toBeVisible();
    await expect(form.getByLabel("纬度")).toHaveValue("22.543096");
    await form.getByLabel("经度").fill("114.057865");
    await form.getByLabel("地址").fill("深圳市福田区");
    await form.getByRole("button", { name: "保存" }).click();
    await page.goto(`/deviceList/markers?q=${encodeURIComponent(name)}`);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("114.057865");
    await expect(row).toContainText("22.543096");
  });
});
