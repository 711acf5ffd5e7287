import { createClient } from "@libsql/client";
import { readdirSync } from "node:fs";
const dir = `/work/wt-alarms/.wrangler/e2e/v3/d1/miniflare-D1DatabaseObject`;
const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
const db = createClient({ url: `file:${dir}/${file}` });
for (const q of process.argv.slice(2)) console.log((await db.execute(q)).rows);
