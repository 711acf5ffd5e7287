// The demo tenant's fleet and business on top of seedDemo: what `npm start`, the e2e server and the worker tests that
// need a populated demo tenant seed. Each part adds only what the tenant lacks, so an older database gains what was
// added since and a seeded one keeps its data.
import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { tenants, users, vehicles } from "../schema";
import { DEMO_USERS } from "./demo-identity";
import { seedSignPoints } from "./dispatch";
import { seedRental } from "./rental";
import { RENTAL_SEED_PARTS } from "./rental/parts";
import { seedTelematics } from "./telematics";

/** The demo fleet (vehicles, models, owners, drivers, markers, a fence), sign-in points and the rental business; answers the lines to print. */
export async function seedDemoBusiness(db: Db): Promise<string[]> {
  const [demo] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, "demo"));
  if (!demo) return [];
  const said: string[] = [];
  const [admin] = await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, demo.id), eq(users.loginAccount, DEMO_USERS.admin.account)));
  // also into a database made before the fleet existed; nothing when the tenant already has vehicles
  const fleet = await seedTelematics(db, demo.id, { creatorId: admin?.id });
  if (fleet.created) said.push(`seeded the demo fleet: ${fleet.vehicleIds.length} vehicles (terminal secrets demo-secret-<terminal no.>)`);
  if (!admin) return said;
  const points = await seedSignPoints(db, demo.id, admin.id);
  if (points) said.push(`seeded ${points} sign-in points`);
  const vehicleIds = (await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.tenantId, demo.id)).orderBy(vehicles.id)).map((v) => v.id);
  said.push(...(await seedRental(db, { tenantId: demo.id, adminId: admin.id, vehicleIds }, RENTAL_SEED_PARTS)));
  return said;
}
