// The scripts that read the app's registries (the seed, `npm run screens`) run through vite-node with this config:
// the registries gather the domains' declarations with the bundler's import.meta.glob, which tsx does not have.
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vite";

export default defineConfig({ plugins: [tsconfigPaths()], server: { watch: null } });
