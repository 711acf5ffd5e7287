// Seeds the demo tenant into a local D1 (wrangler's persisted state) when it is not there yet.
// `tsx scripts/seed-local.ts --print` only prints the demo sign-ins.
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import { DEMO_USERS, seedDemo, syncRegistryMenus } from "../db/seed/demo";

if (process.argv[2] === "--print") {
  console.log("  Demo sign-in (tenant 德瑞克起重设备租赁有限公司 / Derrick Crane Rental):");
  for (const [role, u] of Object.entries(DEMO_USERS)) console.log(`    ${role.padEnd(11)} ${u.account} / ${u.password}   (phone ${u.phone})`);
  process.exit(0);
}

const persistDir = process.argv[2];
const proxy = await getPlatformProxy<{ DB: D1Database }>({
  configPath: "wrangler.toml",
  persist: persistDir ? { path: `${persistDir}/v3` } : true,
});
try {
  const db = drizzle(proxy.env.DB, { schema }) as unknown as Db;
  const { created } = await seedDemo(db);
  console.log(created ? "▸ seeded the demo tenant" : "▸ demo tenant already present; data kept");
  // screens added to the registry since this database was made get their menus (granted to administrators)
  const added = await syncRegistryMenus(db);
  if (added) console.log(`▸ added ${added} new menu items from the screen registry`);
} finally {
  await proxy.dispose();
}
