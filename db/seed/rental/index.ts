// The demo tenant's rental business, in order: parties (customers, suppliers, leads, visits, satisfaction), then the
// contracts that name them, then what happened on those contracts (out-car records). Each part seeds only when the
// tenant has none of its rows yet, so an older database gains what was added since and a seeded one keeps its data.
import type { Db } from "../../client";

export interface RentalSeedContext {
  tenantId: number;
  /** the demo administrator: creator, salesman and account manager of the seeded rows */
  adminId: number;
  /** the demo fleet's vehicle ids (lines and out-car records use them) */
  vehicleIds: number[];
}

export type RentalSeedPart = (db: Db, ctx: RentalSeedContext) => Promise<string | null>;

/** Runs every part in order; answers the lines to print (what each part added). */
export async function seedRental(db: Db, ctx: RentalSeedContext, parts: RentalSeedPart[]): Promise<string[]> {
  const said: string[] = [];
  for (const part of parts) {
    const line = await part(db, ctx);
    if (line) said.push(line);
  }
  return said;
}
