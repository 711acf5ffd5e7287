import { createClient, type Client } from "@libsql/client";
import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { DEMO_USERS } from "../../db/seed/demo-identity";
import type { ScreenDef } from "../../app/modules/screens/define";
import { E2E_PERSIST, E2E_SCREENS } from "./server-config.mjs";

let client: Client | null = null;

/** The screen registry as the app gathers it (the domains' own screens included), written by the e2e server. */
export function registryScreens(): ScreenDef[] {
  return JSON.parse(readFileSync(join(process.cwd(), E2E_SCREENS), "utf8")) as ScreenDef[];
}

/**
 * The e2e app's local D1 file, opened directly: tests read captcha answers and expire sessions through it. The server
 * writes the same file, so a statement waits up to five seconds for its lock rather than failing at once: in CI
 * (2026-12-02) expiring a session met the server mid-write and the test failed on SQLITE_BUSY.
 */
export function database(): Client {
  if (client) return client;
  const dir = join(process.cwd(), E2E_PERSIST, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database under ${dir}`);
  client = createClient({ url: `file:${join(dir, file)}`, timeout: 5000 });
  return client;
}

/**
 * The answer of the captcha the page shows. Read again until there is one: the row is written by the server's D1 and
 * read here through another connection to its file. Once in CI (big-list.spec.ts, 2026-11-28) the sign-in stayed on
 * /login with 账号 and 密码 filled and 验证码 empty, no answer from the server: by all signs the read found none, and
 * the browser held back the form with its required field empty.
 */
export async function captchaAnswer(page: Page): Promise<string> {
  let answer = "";
  await expect
    .poll(
      async () => {
        const id = await page.locator('input[name="captchaId"]').inputValue();
        const rs = await database().execute({ sql: "select answer from captchas where id = ?", args: [id] });
        answer = String(rs.rows[0]?.answer ?? "");
        return answer;
      },
      { message: "the captcha on the page has an answer in the database", timeout: 5_000 },
    )
    .not.toBe("");
  return answer;
}

/** Signs in through the sign-in form, as a person would (the captcha read from the database); `timeout` for the landing on the workbench. */
export async function signIn(page: Page, account: string, password: string, { timeout }: { timeout?: number } = {}) {
  await page.goto("/login");
  await page.locator("#account").fill(account);
  await page.locator("#password").fill(password);
  await page.locator("#captcha").fill(await captchaAnswer(page));
  await page.locator('button[value="password"]').click();
  await expect(page).toHaveURL(/\/manageWork/, { timeout });
}

/** Waits until React has hydrated the element the locator finds: a check that only runs in the browser (validation on
 * blur) can be tried after this without racing the page's scripts on a slow machine. */
export async function untilHydrated(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber"))), { timeout: 20_000 }).toBe(true);
}

export type DemoRole = keyof typeof DEMO_USERS;

/**
 * The browser state (cookies, local storage) of a demo user signed in once by the global set-up (warm-up.ts) for
 * this run: `test.use({ storageState: signedIn("admin") })` starts a test signed in without walking the form. Every
 * context of that file takes it, `browser.newContext()` too, unless given another (SIGNED_OUT, or another role's).
 */
export const signedIn = (role: DemoRole) => `.cache/e2e/signed-in/${role}.json`;

/** A browser state with nobody signed in: for a context that signs in through the form (a manager made by the test) or must be a stranger. */
export const SIGNED_OUT = { cookies: [], origins: [] };

export type Lang = "zh-CN" | "en-US";

/** The app's address ending in `/` (the project's baseURL), for cookies and the Origin of posts made before any page is open. */
export const siteRoot = () => new URL("/", test.info().project.use.baseURL).href;

/**
 * The language, and the theme when given, this browser asks for: the app's cookies at the site's root, where the app
 * keeps them (a cookie on a deeper path would shadow it). Works before the first page is open.
 */
export async function prefer(target: Page | BrowserContext, lang: Lang, theme?: "light" | "dark") {
  const context = "goto" in target ? target.context() : target;
  const url = siteRoot();
  await context.addCookies([{ name: "derrick_lang", value: lang, url }, ...(theme ? [{ name: "derrick_theme", value: theme, url }] : [])]);
}

/**
 * Whether this run takes pictures: `npm run screenshots` (playwright.screenshots.config.ts) sets E2E_SCREENSHOTS=1.
 * `npm test` takes none, and skips what a test does only for its pictures (another width, the dark theme, a reload).
 */
export const TAKING_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

/** A picture for people to look at, `tests/e2e/screenshots/<name>.png`, written only in a screenshots run. */
export async function screenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!TAKING_SCREENSHOTS) return;
  const path = `tests/e2e/screenshots/${name}.png`;
  await ("goto" in target ? target.screenshot({ path, ...options }) : target.screenshot({ path }));
}

/**
 * In a screenshots run, the page at `url` at 1280 and 1920 px wide (900 high), light and dark, as
 * `<name>-<width>-<theme>.png`, and at 1280 each of `sections` (element ids) scrolled into the pane as
 * `<name>-<section>-<theme>.png` (an element's own shot of a section taller than the pane came out with the header
 * over it); then back at 1280, light. Says whether it took any: the page was reloaded, so a form filled before it is
 * empty again.
 */
export async function screenshotsAt(page: Page, url: string, name: string, { fullPage = false, sections = [] as string[] } = {}): Promise<boolean> {
  if (!TAKING_SCREENSHOTS) return false;
  for (const width of [1280, 1920]) {
    for (const theme of ["light", "dark"] as const) {
      await page.context().addCookies([{ name: "derrick_theme", value: theme, url: siteRoot() }]);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await screenshot(page, `${name}-${width}-${theme}`, { fullPage });
      if (width === 1280)
        for (const id of sections) {
          await page.locator(`#${id}`).scrollIntoViewIfNeeded();
          await screenshot(page, `${name}-${id}-${theme}`);
        }
    }
  }
  await page.context().addCookies([{ name: "derrick_theme", value: "light", url: siteRoot() }]);
  await page.setViewportSize({ width: 1280, height: 900 });
  return true;
}

/** The widths a layout check runs at: 1280 (the narrowest the app is made for) and 1920. */
export const WIDTHS = [1280, 1920] as const;

/** The themes a test walks through: the dark theme changes colours only (app/tailwind.css), so the suite checks the light one and a screenshots run both. */
export const THEMES = TAKING_SCREENSHOTS ? (["light", "dark"] as const) : (["light"] as const);
