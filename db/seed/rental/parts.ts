// The parts of the rental seed, in the order they run. Each file under db/seed/rental/ owns one part.
import type { RentalSeedPart } from "./index";
import { seedParties } from "./parties";
import { seedContracts } from "./contracts";

export const RENTAL_SEED_PARTS: RentalSeedPart[] = [seedParties, seedContracts];
