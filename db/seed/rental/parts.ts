// The parts of the rental seed, in the order they run. Each file under db/seed/rental/ owns one part.
import type { RentalSeedPart } from "./index";
import { seedParties } from "./parties";
import { seedVisits } from "./visits";
import { seedContracts } from "./contracts";
import { seedOutcars } from "./outcars";
import { seedCosts } from "./costs";
import { seedTempCranes } from "./temp-crane";
import { seedTransfers } from "./transfers";
import { seedIdlePeriods } from "./idle-periods";
import { seedBills } from "./bills";
import { seedReceipts } from "./receipts";
import { seedCollection } from "./collection";
import { seedSettlements } from "./settlements";
import { seedTowers } from "./towers";
import { seedDriving } from "./driving";
import { seedWind } from "./wind";
import { seedCertificates } from "./certificates";
import { seedInspections } from "./inspections";
import { seedRepairs } from "./repairs";
import { seedSafety } from "./safety";
import { seedMaintenance } from "./maintenance";
import { seedTerminalHealth } from "./terminal-health";
import { seedLockOta } from "./lock-ota";

export const RENTAL_SEED_PARTS: RentalSeedPart[] = [seedParties, seedVisits, seedContracts, seedOutcars, seedCosts, seedTempCranes, seedTransfers, seedIdlePeriods, seedBills, seedReceipts, seedCollection, seedSettlements, seedTowers, seedWind, seedCertificates, seedInspections, seedRepairs, seedSafety, seedMaintenance, seedTerminalHealth, seedDriving, seedLockOta];
