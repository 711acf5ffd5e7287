import { readFile } from "node:fs/promises";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineProject } from "vitest/config";

export default defineProject(async () => ({
  plugins: [
    tsconfigPaths(),
    cloudflareTest({
      main: "./workers/app.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./db/migrations"),
          APP_ENV: "test",
          SESSION_SECRET: "test-session-secret-0123456789abcdef",
          ENCODE_PARAM_SECRET: "test-encode-param-secret-0123456789",
          ZUQI_TOKEN_SECRET: "test-zuqi-token-secret-0123456789",
        },
        serviceBindings: {
          // the printed contract's fonts for the tests to put into R2 (too big for a module): GET /<npm file> of @expo-google-fonts/noto-sans-sc
          TEST_FONTS: async (request: { url: string }) => {
            const file = decodeURIComponent(new URL(request.url).pathname.slice(1));
            if (!file.startsWith("@expo-google-fonts/noto-sans-sc/") || file.includes("..")) return new Response("Not Found", { status: 404 });
            return new Response(await readFile(`./node_modules/${file}`));
          },
        },
      },
    }),
  ],
  test: { name: "workers", include: ["tests/worker/**/*.test.ts"], setupFiles: ["./tests/worker/setup.ts"],
    // two runtimes at once: vitest would start cores - 1, one on a 2-core machine, and a test file spends most of its
    // time waiting on its own runtime (docs/testing.md, "Suite time")
    maxWorkers: 2, testTimeout: 30_000, hookTimeout: 60_000 },
}));
