// Import boundaries, checked by `npm run boundaries` and as a gate of `npm test` (dependency-cruiser).
//
// Imports run one way: routes → modules → widgets/ui → lib, and db beneath modules.
//   app/routes   thin route modules (Remix); may use modules, widgets, ui, lib, i18n, never db itself
//   app/modules  the house's machinery (MACHINERY below: resource, workflow, screens…) and the trades' domains:
//                declarations, server rules, components and page assemblies; never routes or root
//   app/widgets, app/ui  shared widgets and primitives; never modules, routes, root, db or workers
//   app/lib      pure helpers; nothing above it
//   db           schema, migrations, tenant helper, data rules; never the app above lib
//   workers      the Worker entry, FleetHub, terminal API, cron; of the app only what SHARED_WITH_WORKERS declares,
//                and the app reaches into workers only through WORKERS_FOR_APP
// No module imports another that imports it back (no-cycles), type-only and dynamic imports counted.
// Tests (`*.test.ts`, tests/), scripts/ and configs are outside the rules.
//
// KNOWN lists today's violations that need more than a small move, each with its reason; the checker accepts
// exactly those imports (a new import of the same kind still fails). Delete an entry when its move is made.

/** App files the Worker entry and the hub may import: rules both sides must apply the same way. */
const SHARED_WITH_WORKERS = [
  // the session rule: the entry reads the session for the /hub upgrade and forgets cached sessions after a
  // write, as the pages do (readSession is the twin of the hub's validSessions)
  "^app/modules/auth/session[.]server[.]ts$",
  // the tenant's clock: the hub's daily roll-ups use the same days as the pages' filters and exports
  "^app/lib/tenant-(clock|days)[.]ts$",
  // sign-in by link (`?encodeParam=`, `zuqiToken`) runs in the entry before Remix: it must apply the sign-in page's
  // own rules (password and token checks, the throttle, the user's preferences cookies), not a copy of them
  "^app/modules/auth/(login|throttle|preferences)[.]server[.]ts$",
  // the bill run: the cron runs for every tenant the same run a clerk starts for one contract
  "^app/modules/billing/bill-run[.]server[.]ts$",
  // late interest: the cron carries the same schedules a receipt's save rewrites (by the value date of the money)
  "^app/modules/overdue/interest([.]server)?[.]ts$",
  // the inspection tasks: the hourly cron makes each tenant's tasks of its day from its plans (巡检计划)
  "^app/modules/inspections/task-maker[.]server[.]ts$",
  // the maintenance recompute: the 04:00 cron runs for every tenant the same recompute a saved plan, service or reading runs
  "^app/modules/maintenance/meters[.]server[.]ts$",
  // the terminals' health tests: the 05:00 cron grades every terminal with the same detection a user runs on demand
  "^app/modules/terminal-health/detect[.]server[.]ts$",
];

/** Worker files the app may import: the hub's protocol and rules, its client, and the Worker's bindings. */
const WORKERS_FOR_APP = [
  // the Worker's bindings (Env), as types
  "^workers/env[.]ts$",
  // the typed message union every socket message is checked against
  "^workers/fleet-hub/protocol[.]ts$",
  // how a page asks the hub (RPC stub per tenant)
  "^workers/fleet-hub/client[.]ts$",
  // fence and alarm rules: the pages validate what the hub will evaluate (periods, rule settings)
  "^workers/fleet-hub/rules[.]ts$",
  // the live-state merge the browser applies to the hub's deltas, the same code as the hub's
  "^workers/fleet-hub/live[.]ts$",
  // a track point's shape as the hub stores it (types for playback)
  "^workers/fleet-hub/history[.]ts$",
  // a tower crane's monitor values and what counts as a load on the hook: the tower screen reads them as the hub does
  "^workers/fleet-hub/crane[.]ts$",
  // 区域设备's query and its checks: the page refuses what the hub would refuse (a circle over 10,000 m, 7 days)
  "^workers/fleet-hub/area-query[.]ts$",
  // a terminal's secret: vehicles and the provisioning API issue what the terminal API checks
  "^workers/telematics/secret[.]ts$",
  // a JT808 terminal's phone as the vehicle form stores it and the gateway's calls look it up
  "^workers/telematics/phone[.]ts$",
];

/** The house's machinery under app/modules; every other folder there is a trade's domain. */
const MACHINERY = "(resource|workflow|access|auth|screens|shell|settings|numbering|files|geo|hub-client)";

/** Violations accepted for now: the rule, from a file, to a file, and why it is not a small move. */
const KNOWN = [];

const tests = "([.]test[.]tsx?$|^tests/|^scripts/)";

/**
 * A forbidden rule, less the KNOWN exceptions that fall under it: the files with exceptions are checked by their
 * own rule, which forbids the same targets except the excused ones.
 */
function rule(name, comment, from, to, toNot = []) {
  const excused = KNOWN.filter((k) => k.rule === name);
  const own = [...new Set(excused.map((k) => k.from))];
  return [
    { name, comment, severity: "error", from: { path: from, pathNot: [tests, ...own] }, to: { path: to, pathNot: toNot } },
    ...own.map((f) => ({
      name,
      comment: `${comment} (known exceptions: ${excused.filter((k) => k.from === f).map((k) => k.why).join("; ")})`,
      severity: "error",
      from: { path: f },
      to: { path: to, pathNot: [...toNot, ...excused.filter((k) => k.from === f).map((k) => k.to)] },
    })),
  ];
}

module.exports = {
  forbidden: [
    ...rule("widgets-stay-below", "app/widgets and app/ui import only widgets, ui, lib and i18n", "^app/(widgets|ui)/", "^(app/(modules|routes)/|app/root[.]tsx$|db/|workers/)"),
    // app/i18n/index.ts is a leaf (the language list and its checks), which the preferences type names
    ...rule("lib-is-the-floor", "app/lib imports only app/lib (and the language list)", "^app/lib/", "^(app/(?!lib/)|db/|workers/)", ["^app/i18n/index[.]ts$"]),
    // the machinery gathers the domains through their manifests (import.meta.glob), it never imports one
    ...rule("machinery-not-domains", "the house's machinery (app/modules/" + MACHINERY + ") imports no domain: a domain adds itself through its manifest", `^app/modules/${MACHINERY}/`, "^app/modules/", [`^app/modules/${MACHINERY}/`]),
    ...rule("modules-below-routes", "app/modules never import routes or root", "^app/modules/", "^(app/routes/|app/root[.]tsx$)"),
    ...rule("routes-not-db", "routes reach the database through modules", "^app/routes/", "^db/"),
    // db/seed builds the demo tenant from the app's own declarations (screen registry, role presets, a terminal's
    // secret); it runs from scripts and tests, never inside the app
    ...rule("db-beneath-the-app", "db imports no app code above app/lib", "^db/(?!seed/)", "^(app/(?!lib/)|workers/)"),
    ...rule("workers-share-declared-modules", "workers import only the app modules in SHARED_WITH_WORKERS", "^workers/", "^app/", SHARED_WITH_WORKERS),
    ...rule("app-uses-declared-worker-modules", "the app imports only the worker modules in WORKERS_FOR_APP", "^app/", "^workers/", WORKERS_FOR_APP),
    // no import cycles, type-only and dynamic imports included: a cycle makes the order modules are evaluated in
    // depend on who is imported first (the seed once found the jobs' list empty that way), and it ties two files
    // that can then no longer move or load apart. Shared parts go into a third module both import.
    { name: "no-cycles", comment: "modules import each other in a cycle: move what both need into a module of its own", severity: "error", from: { pathNot: tests }, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|[.]wrangler|[.]cache)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
