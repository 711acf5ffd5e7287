import { expect, test } from "@playwright/test";
import { database, prefer, screenshot, signedIn, WIDTHS } from "./support";

test.use({ storageState: signedIn("admin") });

const TEXTS = {
  "zh-CN": { name: "签到点名称", org: "所属组织", orgName: "上海项目部", pick: "设置签到地点", dialog: "签到地点", none: "尚未设置签到地点", info: "签到地点", range: "签到范围", metres: "300 米", cancel: "取消", confirm: "确定", address: "地址", save: "保存", saved: "操作成功！", edit: "编辑" },
  "en-US": { name: "Sign-in point", org: "Organisation", orgName: "上海项目部", pick: "Set sign-in location", dialog: "Sign-in location", none: "No sign-in location yet", info: "Sign-in location", range: "Sign-in range", metres: "300 m", cancel: "Cancel", confirm: "OK", address: "Address", save: "Save", saved: "Saved successfully.", edit: "Edit" },
} as const;

const stored = async (name: string) => (await database().execute({ sql: "select lng, lat, address, sign_range as signRange from sign_points where name = ?", args: [name] })).rows[0];

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`sets a sign-in point on the sign-in map (click, info window address, range), saves it and lists it; cancel keeps the values (${lang})`, async ({ page }) => {
    const x = TEXTS[lang];
    await prefer(page, lang, "light");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/signManagement?new=1");
    const form = page.getByTestId("resource-form");
    const name = `签到${lang.slice(0, 2)}${Date.now().toString(36)}`;
    await form.getByLabel(x.name).fill(name);
    await form.getByLabel(x.org).selectOption({ label: x.orgName });
    const widget = form.getByTestId("sign-in-map");
    await expect(widget.getByTestId("sign-in-map-point")).toContainText(x.none);
    // 100 m until another is chosen (spec §2)
    await expect(widget.getByTestId("sign-in-radius")).toHaveValue("100");

    await widget.getByRole("button", { name: x.pick }).click();
    const dialog = page.getByRole("dialog", { name: x.dialog });
    await expect(dialog.locator("[data-map-state=ready]")).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByTestId("sign-in-map-confirm")).toBeDisabled();
    const box = (await dialog.getByRole("region", { name: x.dialog }).boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.45);
    const info = page.getByTestId("sign-in-info-window");
    await expect(info).toBeVisible();
    await expect(info).toContainText(x.info);
    await info.getByLabel(x.address).fill("宝山区沪太路3100号东门");
    await dialog.getByTestId("sign-in-radius").selectOption("300");
    await screenshot(page, `sign-management/dialog-${lang}`);
    await dialog.getByRole("button", { name: x.confirm }).click();
    await expect(dialog).toBeHidden();

    // the form has the point, the address and the range
    await expect(widget.getByTestId("sign-in-map-point")).not.toContainText(x.none);
    await expect(widget.getByLabel(x.address)).toHaveValue("宝山区沪太路3100号东门");
    await expect(widget.getByTestId("sign-in-radius")).toHaveValue("300");
    const point = (await widget.getByTestId("sign-in-map-point").textContent())!;

    // cancel leaves the values as they were, wherever the map was clicked
    await widget.getByRole("button", { name: x.pick }).click();
    await expect(dialog.locator("[data-map-state=ready]")).toBeVisible({ timeout: 30_000 });
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.7);
    await dialog.getByTestId("sign-in-radius").selectOption("2000");
    await dialog.getByRole("button", { name: x.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(widget.getByTestId("sign-in-map-point")).toHaveText(point);
    await expect(widget.getByTestId("sign-in-radius")).toHaveValue("300");
    await expect(widget.getByRole("button", { name: x.pick })).toBeFocused();

    await form.getByLabel(x.name).focus();
    await form.getByRole("button", { name: x.save }).click();
    await expect(page.getByText(x.saved)).toBeVisible();
    const row = await stored(name);
    expect(row).toMatchObject({ address: "宝山区沪太路3100号东门", signRange: 300 });
    expect(point).toContain(String(row!.lng));

    await page.goto(`/signManagement?q=${encodeURIComponent(name)}`);
    const listed = page.getByRole("row", { name: new RegExp(name) });
    await expect(listed).toContainText("300");
    await expect(listed).toContainText("宝山区沪太路3100号东门");
    await expect(listed).toContainText(x.orgName);
  });
}

test("签到管理 lists the demo's sign-in points at 1280 and 1920, both languages, and opens one in its form; the page never scrolls sideways", async ({ page }) => {
  const edit = `/signManagement?edit=${String((await database().execute("select id from sign_points where name = '宝山搅拌站'")).rows[0]!.id)}`;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 1280 ? 720 : 1080 });
    for (const lang of ["zh-CN", "en-US"] as const) {
      await prefer(page, lang, "light");
      await page.goto("/signManagement");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("row", { name: /宝山搅拌站/ })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      // a saved point in its form, with the map widget (pictures of both in both themes: screens.gallery.ts)
      if (width === 1280) {
        await page.goto(edit);
        await expect(page.getByTestId("sign-in-map")).toBeVisible();
      }
    }
  }
});
