import { applyD1Migrations, env } from "cloudflare:test";
import { getDb } from "../../db/client";
import { seedDemo } from "../../db/seed/demo";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedDemo(getDb(env));
