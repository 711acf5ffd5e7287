import { chromium, type FullConfig } from "@playwright/test";
import { DEMO_USERS } from "../../db/seed/demo-identity";
import { signedIn, signIn, type DemoRole } from "./support";

/**
 * Playwright's globalSetup: one page load in a fresh Chromium before the first test. The first load of a new browser
 * on a just-started server pays one-time costs (the browser's profile and font cache, the runtime's first asset
 * reads); one run's first test timed out at 30 s in that load with nothing logged. Paid here, with a longer limit,
 * they no longer count against whichever test happens to run first.
 *
 * Then each demo user signs in once through the form, and their browser state is saved for the tests that only need
 * to be signed in (support.ts, signedIn): a session lasts 12 idle hours, far longer than a run. Tests that sign in or
 * out, expire or revoke sessions sign in on their own, so no other test loses the session it shares.
 */
export default async function warmUp(config: FullConfig) {
  const { baseURL, launchOptions, viewport, locale } = config.projects[0]!.use;
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage({ baseURL });
    await page.goto("/login", { timeout: 120_000 });
    await page.close();
    // two at a time: the machine has two cores
    const roles = Object.keys(DEMO_USERS) as DemoRole[];
    for (let i = 0; i < roles.length; i += 2)
      await Promise.all(
        roles.slice(i, i + 2).map(async (role) => {
          const context = await browser.newContext({ baseURL, viewport, locale });
          const user = await context.newPage();
          // outside a test, expect's own 5 s would be the limit: the first sign-ins of a run are the slowest
          await signIn(user, DEMO_USERS[role].account, DEMO_USERS[role].password, { timeout: 60_000 });
          await context.storageState({ path: signedIn(role) });
          await context.close();
        }),
      );
  } finally {
    await browser.close();
  }
}
