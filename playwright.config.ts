import { defineConfig } from "@playwright/test";

// E2E_PORT lets a second checkout run its e2e layer beside this one
const PORT = Number(process.env.E2E_PORT ?? 8788);

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/warm-up.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: ".cache/test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1440, height: 900 },
    locale: "zh-CN",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
    trace: "off",
    // an action that cannot happen fails with its own message instead of eating the whole test timeout
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  webServer: {
    command: `node scripts/e2e-server.mjs ${PORT}`,
    url: `http://127.0.0.1:${PORT}/login`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    // wrangler runs in this process group: SIGTERM lets it stop workerd before Playwright gives up and kills the group
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
