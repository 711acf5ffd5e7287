// The demo's tower cranes as both sides know them: the seed (db/seed/rental/towers.ts) registers them, the demo fleet
// (scripts/demo-fleet.ts) drives their monitors. Constants only, so the demo fleet imports nothing of the app.

/** the towers' terminals */
export const towerTerminalOf = (index: number) => `DRT${String(index + 1).padStart(7, "0")}`;
export const DEMO_TOWERS = 4;
/** 临港物流园三期: where the three rented towers stand (WGS-84) */
export const TOWER_SITE = { lng: 121.9198, lat: 30.9084 };
