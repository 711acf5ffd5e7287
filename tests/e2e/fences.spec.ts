import { expect, test, type Page } from "@playwright/test";
import { database, signedIn } from "./support";

test.use({ storageState: signedIn("admin") });

const stamp = () => Date.now().toString(36);

/** Clicks points on the map at fractions of its box (the drawing tool listens to the map's own clicks). */
async function clickMap(page: Page, points: [number, number][], finish: "dblclick" | "none" = "none") {
  const map = page.getByRole("region", { name: "地图" });
  const box = (await map.boundingBox())!;
  for (const [i, [x, y]] of points.entries()) {
    const last = i === points.length - 1;
    if (last && finish === "dblclick") await page.mouse.dblclick(box.x + box.width * x, box.y + box.height * y);
    else await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
    await page.waitForTimeout(120);
  }
}

test("draws a polygon fence on the map, saves it with the keyboard-friendly form, and stops it with confirmation", async ({ page }) => {
  await page.goto("/fenceManage");
  await expect(page.locator("[data-map-state=ready]")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "新增围栏" }).click();
  await expect(page.getByRole("heading", { name: "新增围栏" })).toBeVisible();
  const name = `一号工地${stamp()}`;
  await page.getByLabel("名称", { exact: true }).fill(name);
  await page.getByLabel("围栏类型").selectOption({ label: "工地" });

  // saving before drawing is refused with the reason, keeping the name
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("请在地图上绘制围栏")).toBeVisible();
  await expect(page.getByLabel("名称", { exact: true })).toHaveValue(name);

  await page.getByRole("button", { name: /绘制/ }).click();
  await expect(page.getByText("单击添加顶点，双击或按回车完成")).toBeVisible();
  await clickMap(page, [
    [0.3, 0.3],
    [0.6, 0.3],
    [0.6, 0.6],
    [0.3, 0.6],
  ]);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("geometry-state")).toContainText("✓ 4");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("保存成功")).toBeVisible();
  await expect(page.getByRole("list", { name: "围栏" })).toContainText(name);
  const row = await database().execute({ sql: "select shape, fence_type, coordinates from fences where name = ?", args: [name] });
  expect(row.rows[0]).toMatchObject({ shape: "polygon", fence_type: "site" });
  expect(JSON.parse(String(row.rows[0]!.coordinates))).toHaveLength(4);

  // stop it: a confirmation first, then the state changes
  const item = page.getByRole("listitem").filter({ hasText: name });
  await item.getByRole("button", { name: "停用" }).click();
  await expect(page.getByRole("dialog")).toContainText(`确定停用「${name}」吗？`);
  await page.getByRole("dialog").getByRole("button", { name: "确定" }).click();
  await expect(page.getByText("已停用")).toBeVisible();
  await expect(item).toContainText("停用");
});

test("a circle over 10 km is refused while drawing; Esc cancels a drawing", async ({ page }) => {
  await page.goto("/fenceManage");
  await expect(page.locator("[data-map-state=ready]")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "新增围栏" }).click();
  await expect(page.getByRole("heading", { name: "新增围栏" })).toBeVisible();
  await page.getByLabel("圆形").check();
  await page.getByRole("button", { name: /绘制/ }).click();
  // at the default zoom the map is tens of kilometres wide: a radius across half of it is far beyond 10 km
  await clickMap(page, [
    [0.2, 0.5],
    [0.9, 0.5],
  ]);
  await expect(page.getByText("半径不能超过10000米")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByText("选择形状后点击「绘制」，在地图上完成")).toBeVisible();
  await expect(page.getByTestId("geometry-state")).toHaveText("");
});
