import tsconfigPaths from "vite-tsconfig-paths";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [tsconfigPaths()],
  test: { name: "node", environment: "node", include: ["app/**/*.test.ts", "db/**/*.test.ts", "workers/**/*.test.ts", "tests/unit/**/*.test.ts", "scripts/**/*.test.ts", "gateway/**/*.test.ts"] },
});
