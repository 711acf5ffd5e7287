import { expect, test } from "@playwright/test";
import { signedIn } from "./support";

test.use({ storageState: signedIn("admin") });


// A drawer the server rendered (/userManage?new=1) can be typed in before the page's scripts have run, on a slow
// link: what was typed stays, and the caret stays where the user put it when the page comes alive (the form used to
// pull focus to its first field, so the next keys went into 登录账号).
test("typing in a server-rendered drawer before it hydrates keeps the text and the caret", async ({ page }) => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  // hold the app's scripts back until the user has typed
  await page.route("**/assets/**/*.js", async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto("/userManage?new=1", { waitUntil: "domcontentloaded" });
  const form = page.getByTestId("resource-form");
  const name = form.getByLabel("用户名");
  await name.click();
  await page.keyboard.type("慢网用户");
  const hydrated = () => page.evaluate(() => Object.keys(document.querySelector('[data-testid="resource-form"] input[name="userName"]') ?? {}).some((k) => k.startsWith("__reactFiber")));
  expect(await hydrated()).toBe(false);
  release();
  await expect.poll(hydrated, { timeout: 15_000 }).toBe(true);
  // the page has run its effects: focus and text are where the user left them, and typing goes on there
  await page.waitForTimeout(300);
  await page.keyboard.type("甲");
  await expect(name).toHaveValue("慢网用户甲");
  await expect(form.getByLabel("登录账号")).toHaveValue("");
});
