// The parts of the rental seed, in the order they run. Each file under db/seed/rental/ owns one part.
import type { RentalSeedPart } from "./index";
import { seedParties } from "./parties";

export const RENTAL_SEED_PARTS: RentalSeedPart[] = [seedParties];
