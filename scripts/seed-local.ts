// Seeds the demo tenant into a local D1 (wrangler's persisted state) when it is not there yet.
// `tsx scripts/seed-local.ts --print` only prints the demo sign-ins.
import { getPlatformProxy } from "wrangler";
import { getDb } from "../db/client";
import { DEMO_USERS, seedDemo, syncExtraPermissions, syncRegistryMenus } from "../db/seed/demo";
import { seedDemoBusiness } from "../db/seed/demo-business";
import { putDemoOtaFiles } from "../db/seed/rental/lock-ota";
import { readFileSync } from "node:fs";
import { installPdfFonts } from "../app/modules/contract-pdf/fonts.server";

if (process.argv[2] === "--print") {
  console.log("  Demo sign-in (tenant 德瑞克起重设备租赁有限公司 / Derrick Crane Rental):");
  for (const [role, u] of Object.entries(DEMO_USERS)) console.log(`    ${role.padEnd(11)} ${u.account} / ${u.password}   (phone ${u.phone})`);
  process.exit(0);
}

const persistDir = process.argv[2];
const proxy = await getPlatformProxy<{ DB: D1Database; FILES: R2Bucket; SESSION_SECRET?: string; APP_ENV?: string }>({
  configPath: "wrangler.toml",
  persist: persistDir ? { path: `${persistDir}/v3` } : true,
});
try {
  // through getDb, as the Worker does: the bill run batches through the D1 binding it knows
  const db = getDb({ DB: proxy.env.DB });
  const { created } = await seedDemo(db);
  console.log(created ? "▸ seeded the demo tenant" : "▸ demo tenant already present; data kept");
  // the demo fleet (vehicles, models, owners, drivers, markers, a fence round the mixing plant), sign-in points and the
  // rental business, each only where the tenant has none yet
  for (const line of await seedDemoBusiness(db)) console.log(`▸ ${line}`);
  // the printed contract's CJK fonts into the local bucket (ADR 010); `npm run fonts:upload` does it for a deployment
  const fonts = await installPdfFonts(proxy.env.FILES, (file) => new Uint8Array(readFileSync(`node_modules/${file}`)));
  if (fonts.length) console.log(`▸ put the contract PDF fonts into R2: ${fonts.join(", ")}`);
  // the demo version packages' ZIPs into the local bucket, and their waiting upgrade commands' links signed with the local secret
  const packages = await putDemoOtaFiles(db, proxy.env.FILES, proxy.env, `http://localhost:${process.env.PORT || 8787}`);
  if (packages) console.log(`▸ put ${packages} demo version packages into R2`);
  // screens added to the registry since this database was made get their menus (granted to administrators)
  const added = await syncRegistryMenus(db);
  if (added) console.log(`▸ added ${added} new menu items from the screen registry`);
  // function codes beyond the six per screen (dataPermission:approve) for administrators of older databases
  await syncExtraPermissions(db);
} finally {
  await proxy.dispose();
}
