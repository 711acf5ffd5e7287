// `npm run bench` runs this inside workerd (the same real Worker, FleetHub, D1 and R2 as the worker tests): figures
// of the telematics path, printed next to baselines measured in the same run. A project of vitest.config.ts only
// when DERRICK_BENCH is set, so `npm test` and a bare `vitest run` never time anything.
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
          SESSION_SECRET: "bench-session-secret-0123456789abcdef",
          ENCODE_PARAM_SECRET: "bench-encode-param-secret-0123456789",
          ZUQI_TOKEN_SECRET: "bench-zuqi-token-secret-0123456789",
        },
      },
    }),
  ],
  test: { name: "bench", include: ["tests/bench/**/*.perf.ts"], setupFiles: ["./tests/worker/setup.ts"], testTimeout: 600_000, hookTimeout: 120_000 },
}));
