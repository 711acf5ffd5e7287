import type { VitePluginConfig } from "@remix-run/dev";
import { readdirSync } from "node:fs";
import { SPEC_SCREENS } from "./app/modules/screens/spec-screens";

/** Paths a route file of app/routes serves (`homeworkScreen.tsx` → /homeworkscreen): a domain that builds a full-screen route says so with its file. */
const ROUTED = new Set(readdirSync(new URL("./app/routes", import.meta.url)).map((f) => `/${f.replace(/\.tsx?$/, "").replaceAll(".", "/").replaceAll("$", ":")}`.toLowerCase()));

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
  // Full-screen routes outside the main layout that are not built yet all render one module. Vite's config is bundled
  // by esbuild, where the registry's gathering of the domains (import.meta.glob) does not exist: the spec's list and
  // the route files tell which are built.
  routes: async (defineRoutes) =>
    defineRoutes((route) => {
      for (const s of SPEC_SCREENS.filter((x) => x.layout === "fullscreen" && x.status === "planned" && !ROUTED.has(x.path.toLowerCase()))) {
        route(s.path, "modules/screens/fullscreen-planned.tsx", { id: `fullscreen${s.path}` });
      }
    }),
} satisfies VitePluginConfig;
