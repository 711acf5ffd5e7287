import { describe, expect, it } from "vitest";
import { createNoiseFilter, plain, shownAfterSuccess } from "./start-output.mjs";

/** What `wrangler dev` printed on start-up on this machine (offline, the hub as a Durable Object of the Worker). */
const WRANGLER_DEV = ` ⛅️ wrangler 4.86.0 (update available 4.164.0)
──────────────────────────────────────────────
Your Worker has access to the following bindings:
Binding                            Resource                  Mode
env.FLEET_HUB (FleetHub)           Durable Object            local
env.DB (derrick)                   D1 Database               local
env.FILES (derrick-files)          R2 Bucket                 local
env.ASSETS                         Assets                    local
env.APP_ENV ("production")         Environment Variable      local

[wrangler:warn] Unable to fetch the \`Request.cf\` object! Falling back to a default placeholder...
Error: getaddrinfo ENOTFOUND workers.cloudflare.com
    at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:dns:122:26)
    at GetAddrInfoReqWrap.callbackTrampoline (node:internal/async_hooks:130:17)
\x1b[33m▲ \x1b[43;33m[\x1b[43;30mWARNING\x1b[43;33m]\x1b[0m \x1b[1mScheduled Workers are not automatically triggered during local development.\x1b[0m

  To manually trigger a scheduled event, run:
    curl "http://127.0.0.1:8787/cdn-cgi/handler/scheduled"
  For more details, see \x1b[4mhttps://developers.cloudflare.com/workers/configuration/cron-triggers/#test-cron-triggers-locally\x1b[0m


\x1b[33m▲ \x1b[43;33m[\x1b[43;30mWARNING\x1b[43;33m]\x1b[0m \x1b[1mIgnoring this import because "node_modules/@remix-run/react/dist/esm/index.js" was marked as having no side effects\x1b[0m [ignored-bare-import]

    build/server/assets/engine-mapbox-DjRTRLlc.js:4:7:
\x1b[37m      4 │ import \x1b[32m"@remix-run/react"\x1b[37m;
        ╵        \x1b[32m~~~~~~~~~~~~~~~~~~\x1b[0m

  "sideEffects" is false in the enclosing "package.json" file:

    node_modules/@remix-run/react/package.json:14:2:
\x1b[37m      14 │   \x1b[32m"sideEffects"\x1b[37m: false,
         ╵   \x1b[32m~~~~~~~~~~~~~\x1b[0m


\x1b[33m▲ \x1b[43;33m[\x1b[43;30mWARNING\x1b[43;33m]\x1b[0m \x1b[1mIgnoring this import because "node_modules/remix-i18next/build/server.js" was marked as having no side effects\x1b[0m [ignored-bare-import]

    build/server/assets/engine-mapbox-DjRTRLlc.js:9:7:
\x1b[37m      9 │ import \x1b[32m"remix-i18next/server"\x1b[37m;
        ╵        \x1b[32m~~~~~~~~~~~~~~~~~~~~~~\x1b[0m

  "sideEffects" is false in the enclosing "package.json" file:

    node_modules/remix-i18next/package.json:84:1:
\x1b[37m      84 │   \x1b[32m"sideEffects"\x1b[37m: false,
         ╵   \x1b[32m~~~~~~~~~~~~~\x1b[0m


\x1b[33m▲ \x1b[43;33m[\x1b[43;30mWARNING\x1b[43;33m]\x1b[0m \x1b[1mIgnoring this import because "node_modules/drizzle-orm/index.js" was marked as having no side effects\x1b[0m [ignored-bare-import]
\x1b[33m▲ \x1b[43;33m[\x1b[43;30mWARNING\x1b[43;33m]\x1b[0m \x1b[1m				You have defined bindings to the following internal Durable Objects:\x1b[0m

  				- {"name":"FLEET_HUB","class_name":"FleetHub"}
  				These will not work in local development, but they should work in production.
  
  				If you want to develop these locally, you can define your DO in a separate Worker, with a separate configuration file.
  				For detailed instructions, refer to the Durable Objects section here: \x1b[4mhttps://developers.cloudflare.com/workers/wrangler/api#supported-bindings\x1b[0m


workerd/server/server.c++:1975: warning: A DurableObjectNamespace in the config referenced the class "FleetHub", but no such Durable Object class is exported from the worker. Please make sure the class name matches, it is exported, and the class extends 'DurableObject'. Attempts to call to this Durable Object class will fail at runtime, but historically this was not a startup-time error. Future versions of workerd may make this a startup-time error.
`;

const MIGRATIONS = `🌀 Executing on local database DB (00000000-0000-0000-0000-000000000000) from .wrangler/state/v3/d1:
🌀 To execute on your remote database, add a --remote flag to your wrangler command.
┌───────────────────────────────┬────────┐
│ name                          │ status │
├───────────────────────────────┼────────┤
│ 0000_init.sql                 │ ✅     │
└───────────────────────────────┴────────┘
🚣 36 commands executed successfully.`;

const BUILD = `vite v6.4.6 building for production...
✓ 807 modules transformed.
Generated an empty chunk: "api.login".
build/client/assets/error-state-BP-578TV.js                             0.67 kB │ gzip:   0.43 kB
(!) Some chunks are larger than 500 kB after minification. Consider:
✓ built in 18.68s`;

const shown = (text: string) => {
  const keep = createNoiseFilter();
  return text.split("\n").filter(keep).map(plain);
};

describe("npm start's output filter", () => {
  it("drops what wrangler dev prints on every start here", () => {
    expect(WRANGLER_DEV.split("\n").length).toBeGreaterThan(50);
    expect(shown(WRANGLER_DEV)).toEqual([]);
    expect(shown("Using secrets defined in .dev.vars")).toEqual([]);
  });

  it("keeps an error it does not know, with its stack, between noise", () => {
    const text = [WRANGLER_DEV, "✘ [ERROR] Could not resolve \"./missing\"", "Error: D1_ERROR: no such table: vehicles", "    at run (worker.js:1:1)", "[wrangler:warn] The database is locked"].join("\n");
    expect(shown(text)).toEqual(["✘ [ERROR] Could not resolve \"./missing\"", "Error: D1_ERROR: no such table: vehicles", "    at run (worker.js:1:1)", "[wrangler:warn] The database is locked"]);
  });

  it("shows our own progress and errors of a step that succeeded, nothing of its tables and chunk lists", () => {
    expect(shownAfterSuccess(MIGRATIONS.split("\n"))).toEqual([]);
    expect(shownAfterSuccess(BUILD.split("\n"))).toEqual([]);
    const seed = [...WRANGLER_DEV.split("\n").slice(-11), "▸ seeded the demo tenant", "▸ seeded the demo fleet: 30 vehicles (terminal secrets demo-secret-<terminal no.>)"];
    expect(shownAfterSuccess(seed)).toEqual(["▸ seeded the demo tenant", "▸ seeded the demo fleet: 30 vehicles (terminal secrets demo-secret-<terminal no.>)"]);
    expect(shownAfterSuccess(["TypeError: Cannot read properties of undefined"])).toEqual(["TypeError: Cannot read properties of undefined"]);
  });
});
