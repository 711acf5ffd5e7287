// The demo's wind-farm cranes as both sides know them: the seed (db/seed/rental/wind.ts) registers them, the demo fleet
// (scripts/demo-fleet.ts) drives their load-moment indicators and anemometers. Constants only, so the demo fleet imports
// nothing of the app.

/** the wind cranes' terminals */
export const windTerminalOf = (index: number) => `DRW${String(index + 1).padStart(7, "0")}`;
export const DEMO_WIND_CRANES = 3;
/** 如东洋口风电场三期: where the cranes stand (WGS-84) */
export const WIND_SITE = { lng: 121.0512, lat: 32.5536 };
