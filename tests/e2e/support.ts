import { createClient, type Client } from "@libsql/client";
import { expect, type Locator, type Page } from "@playwright/test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { E2E_PERSIST } from "./server-config.mjs";

let client: Client | null = null;

/** The e2e app's local D1 file, opened directly: tests read captcha answers and expire sessions through it. */
export function database(): Client {
  if (client) return client;
  const dir = join(process.cwd(), E2E_PERSIST, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database under ${dir}`);
  client = createClient({ url: `file:${join(dir, file)}` });
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

/** Signs in through the sign-in form, as a person would (the captcha read from the database). */
export async function signIn(page: Page, account: string, password: string) {
  await page.goto("/login");
  await page.locator("#account").fill(account);
  await page.locator("#password").fill(password);
  await page.locator("#captcha").fill(await captchaAnswer(page));
  await page.locator('button[value="password"]').click();
  await expect(page).toHaveURL(/\/manageWork/);
}

/** Waits until React has hydrated the element the locator finds: a check that only runs in the browser (validation on
 * blur) can be tried after this without racing the page's scripts on a slow machine. */
export async function untilHydrated(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber"))), { timeout: 20_000 }).toBe(true);
}
