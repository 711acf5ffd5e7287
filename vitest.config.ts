import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["./vitest.node.config.ts", "./vitest.workers.config.ts", ...(process.env.DERRICK_BENCH ? ["./vitest.bench.config.ts"] : [])],
    // the hub's restart test resets the object on purpose (ctx.abort): that one error is expected, any other counts
    onUnhandledError: (error) => !((error as { durableObjectReset?: boolean }).durableObjectReset && error.message === "restart requested"),
  },
});
