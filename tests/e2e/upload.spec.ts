import { expect, test } from "@playwright/test";
import { signedIn } from "./support";

test.use({ storageState: signedIn("admin") });

test("upload a logo, refuse a disguised file, preview with zoom and rotate, save, and serve it", async ({ page }) => {
  await page.goto("/bussinessinfo");
  const upload = page.getByTestId("upload");
  const chooser = upload.locator('input[type="file"]');

  // a .png that is text: the server looks at the bytes and refuses it, and the tile goes away
  await chooser.setInputFiles("tests/e2e/fixtures/not-an-image.png");
  await expect(upload.getByRole("alert")).toContainText("只能上传JPEG、PNG、JPG格式的图片~");
  await expect(upload.locator('input[type="hidden"][name="logoFileId"]')).toHaveCount(0);

  await chooser.setInputFiles("tests/e2e/fixtures/logo.png");
  await expect(upload.locator('input[type="hidden"][name="logoFileId"]')).toHaveCount(1);
  // one image at most: the add tile is gone
  await expect(upload.getByRole("button", { name: /点击上传|新增文件/ })).toHaveCount(0);

  await upload.getByRole("button", { name: "预览 logo.png" }).click({ force: true });
  const previewer = page.getByTestId("previewer");
  await expect(previewer).toBeVisible();
  await expect(page.getByTestId("preview-counter")).toHaveText("1 / 1");
  await expect(previewer.getByRole("button", { name: "上一张" })).toBeDisabled();
  await expect(page.getByTestId("preview-zoom")).toHaveText("100%");
  await page.keyboard.press("ArrowUp");
  await expect(page.getByTestId("preview-zoom")).toHaveText("125%");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("preview-zoom")).toHaveText("75%");
  await previewer.getByRole("button", { name: "旋转" }).click();
  await expect(previewer.locator("img")).toHaveAttribute("style", /rotate\(90deg\)/);
  await page.keyboard.press("Escape");
  await expect(previewer).toHaveCount(0);

  await page.getByLabel("企业名称").fill("德瑞克起重设备租赁有限公司");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("操作成功！")).toBeVisible();
  const logo = await page.request.get("/api/businessInfo/logo");
  expect(logo.status()).toBe(200);
  expect(logo.headers()["content-type"]).toBe("image/png");
});
