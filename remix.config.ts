import type { VitePluginConfig } from "@remix-run/dev";
import { SCREENS } from "./app/modules/screens/registry";

/** Remix options; vite.config.ts imports this file (Remix never reads it on its own). */
export default {
  ignoredRouteFiles: ["**/*.test.*", "**/.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
  // Full-screen routes outside the main layout that are not built yet all render one module.
  routes: async (defineRoutes) =>
    defineRoutes((route) => {
      for (const s of SCREENS.filter((x) => x.layout === "fullscreen" && x.status === "planned")) {
        route(s.path, "screens/fullscreen-planned.tsx", { id: `fullscreen${s.path}` });
      }
    }),
} satisfies VitePluginConfig;
