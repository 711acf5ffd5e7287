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

// A document page hydrates before its form (the form's chunk, Conform and the lines table, comes after the page): while
// that chunk is on its way the page around it is live, the form is the server's and keeps what is typed, and when it
// comes the same form hydrates in place (nothing redrawn, no hydration error) and its rows work in the page.
test("a document page is live before its form's chunk; the form hydrates in place and keeps what was typed", async ({ page }) => {
  const errors: string[] = [];
  // React's hydration errors (#418, #421, #423, #425…) and anything thrown
  page.on("console", (m) => {
    if (m.type() === "error" && /react|hydrat/i.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/document-page-form-[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto("/equipmentTransfer/form?new=1");
  const fiber = (selector: string) => page.evaluate((s) => Object.keys(document.querySelector(s) ?? {}).some((k) => k.startsWith("__reactFiber")), selector);
  // the page is live (its back link is React's) while the form is still the server's
  await expect.poll(() => fiber('[data-testid="document-page"] a[href="/equipmentTransfer"]'), { timeout: 15_000 }).toBe(true);
  expect(await fiber('input[name="toSite"]')).toBe(false);
  await page.evaluate(() => document.querySelector("form")!.setAttribute("data-server", "kept"));
  const site = page.locator('input[name="toSite"]');
  await site.fill("慢网 张江工地");
  release();
  await expect.poll(() => fiber('input[name="toSite"]'), { timeout: 15_000 }).toBe(true);
  // the server's form element is the one React took over, with the text in it
  await expect(page.locator('form[data-server="kept"]')).toHaveCount(1);
  await expect(site).toHaveValue("慢网 张江工地");
  await page.getByTestId("add-lines").click();
  await expect(page.getByTestId("lines-row")).toHaveCount(2);
  expect(errors).toEqual([]);
});
