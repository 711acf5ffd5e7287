import { chromium, type FullConfig } from "@playwright/test";

/**
 * Playwright's globalSetup: one page load in a fresh Chromium before the first test. The first load of a new browser
 * on a just-started server pays one-time costs (the browser's profile and font cache, the runtime's first asset
 * reads); one run's first test timed out at 30 s in that load with nothing logged. Paid here, with a longer limit,
 * they no longer count against whichever test happens to run first.
 */
export default async function warmUp(config: FullConfig) {
  const { baseURL, launchOptions } = config.projects[0]!.use;
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/login`, { timeout: 120_000 });
  } finally {
    await browser.close();
  }
}
