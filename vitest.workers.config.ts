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
      },
    }),
  ],
  test: { name: "workers", include: ["tests/worker/**/*.test.ts"], setupFiles: ["./tests/worker/setup.ts"], testTimeout: 30_000, hookTimeout: 60_000 },
}));
