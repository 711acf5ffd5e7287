import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixConfig from "./remix.config";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The app's small shared modules in three chunks by who loads them, instead of the twenty-odd chunks of a few hundred
 * bytes each that Rollup cuts by which of the 150 routes import what: gzip compresses a chunk on its own, so small
 * ones compress badly, and each is a request on a slow link. Measured on the first loads (gzipped JS + CSS): /userManage
 * 149.9 → 142.6 KB, /contractList 158.6 → 151.3, /login 127.0 → 124.3, every screen less. A module named here
 * brings its dependencies that no other chunk holds (React, Remix and react-i18next went into `base`, which every page
 * loaded already).
 * - base: what every page, the sign-in page too, runs;
 * - shell: what every page inside the shell (`_app`) runs;
 * - list: the list machinery (table, search bar, column panel, import and export);
 * - rows: a row's transitions and the confirmation panel, which a list and a document page both show (a document page
 *   loads these without the list's table: 8 KB less on its first load).
 */
const CHUNKS: [string, RegExp][] = [
  ["base", /\/app\/(ui\/(button|field|input|error-state)|widgets\/(preference-switches|use-hydrated)|lib\/preferences|i18n\/(index|shell-texts|keys|message))\.tsx?$/],
  ["shell", /\/app\/(modules\/shell\/side-menu|lib\/(navigation|intl|tenant-clock|use-time-zone|upload-rules|list\/types)|widgets\/toast|modules\/workflow\/(machine|enablement))\.tsx?$/],
  ["list", /\/app\/(widgets\/(header-filter|list-query-inputs|data-table|table-row|column-panel|search-bar|download-link)|lib\/(save-file|list\/format)|modules\/resource\/resource-page)\.tsx?$/],
  ["rows", /\/app\/(widgets\/list-navigation|modules\/(workflow\/transition-ui|resource\/confirm-panel))\.tsx?$/],
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [cloudflareDevProxyVitePlugin({ configPath: "wrangler.toml" }), remix(remixConfig), tailwindcss(), tsconfigPaths()],
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"] } },
  resolve: { mainFields: ["browser", "module", "main"] },
  build: { sourcemap: false, rollupOptions: isSsrBuild ? {} : { output: { manualChunks: (id: string) => CHUNKS.find(([, re]) => re.test(id))?.[0] } } },
}));
