import { env } from "cloudflare:test";
import { getDb } from "../../db/client";
import { seedDemo } from "../../db/seed/demo";

// every test file starts from an empty D1: the migrations' statements in one batch (applyD1Migrations sends a batch a
// migration and keeps its own table of them, which a fresh database per file never reads), then the demo tenant
await env.DB.batch(env.TEST_MIGRATIONS.flatMap((m) => m.queries).map((q) => env.DB.prepare(q)));
await seedDemo(getDb(env));
