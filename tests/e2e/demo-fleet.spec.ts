import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { prefer, signedIn } from "./support";
import { E2E_PERSIST } from "./server-config.mjs";

const coordinates = /1\d\d\.\d{6}, \d{2}\.\d{6}/;

/** The demo fleet's driver as `npm start` runs it, against the e2e app (without its history, to keep this run short). */
function startDemoFleet(baseURL: string): { child: ChildProcess; errors: string[] } {
  const errors: string[] = [];
  const child = spawn("node_modules/.bin/tsx", ["scripts/demo-fleet.ts", "--base", baseURL, "--persist", E2E_PERSIST, "--no-history", "--duration", "120"], { stdio: ["ignore", "ignore", "pipe"] });
  child.stderr!.on("data", (chunk: Buffer) => errors.push(...chunk.toString().split("\n").filter((l) => l.startsWith("✗"))));
  return { child, errors };
}

const RUNNING = { "zh-CN": "行驶", "en-US": "Running" } as const;

test.use({ storageState: signedIn("admin") });

for (const lang of ["zh-CN", "en-US"] as const) {
  test(`${lang}: the seeded demo fleet drives on the monitoring map within a minute of starting`, async ({ page, baseURL }) => {
    test.setTimeout(150_000);
    const fleet = startDemoFleet(baseURL!);
    try {
      await prefer(page, lang);
      await page.goto("/equipmentMonitor");
      await expect(page.getByTestId("monitor-connection")).toHaveAttribute("data-state", "open");
      await expect(page.getByTestId("count-running")).toContainText(RUNNING[lang]);

      // most of the 27 driving vehicles count as 行驶 (a few start at a stop), and the silent three as offline
      await expect(async () => expect(Number(await page.getByTestId("count-running-value").textContent())).toBeGreaterThanOrEqual(12)).toPass({ timeout: 60_000 });
      expect(Number(await page.getByTestId("count-offline-value").textContent())).toBeGreaterThanOrEqual(3);

      // DRK0000001 (沪AD0001) is on its way into the mixing plant: its position moves in the open panel
      const tree = page.getByTestId("vehicle-tree");
      await tree.getByRole("searchbox").fill("DRK0000001");
      await tree.getByRole("treeitem", { name: /沪AD0001/ }).click();
      const panel = page.getByTestId("vehicle-panel");
      await expect(panel.getByRole("heading", { name: "沪AD0001" })).toBeVisible();
      await expect(panel).toContainText(coordinates);
      const first = coordinates.exec((await panel.textContent()) ?? "")![0];
      await expect(async () => expect(coordinates.exec((await panel.textContent()) ?? "")![0]).not.toBe(first)).toPass({ timeout: 15_000 });
      await expect(panel).toContainText(/[1-9]\d(\.\d)? km\/h/);
      expect(fleet.errors).toEqual([]);
    } finally {
      fleet.child.kill("SIGTERM");
    }
  });
}
