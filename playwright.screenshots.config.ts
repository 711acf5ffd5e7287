import { defineConfig } from "@playwright/test";
import suite from "./playwright.config";

// `npm run screenshots`: pictures for people to look at after a UI change, into tests/e2e/screenshots/ (not committed,
// not part of `npm test`). The suite runs as usual with its pictures switched on (support.ts, screenshot: the widths,
// themes and reloads a test walks through only for them), and the galleries (*.gallery.ts), which only take pictures.
// `npm run screenshots -- --project=galleries` takes the galleries alone, `-- rental-journey` one spec's.
process.env.E2E_SCREENSHOTS = "1";

export default defineConfig(suite, {
  // the suite's JSON report (.cache/test-results/e2e.json) is npm test's: this run keeps to the console
  reporter: [["list"]],
  projects: [{ name: "suite" }, { name: "galleries", testMatch: /\.gallery\.ts$/ }],
});
