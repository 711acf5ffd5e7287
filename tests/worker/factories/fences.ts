import { unique } from "../helpers";
import type { DomainFactories, Factory } from "../factories";

/** A small square near the demo's mixing station, as the map posts a drawn shape. */
const SQUARE = JSON.stringify([
  [121.3, 31.3],
  [121.31, 31.3],
  [121.31, 31.31],
  [121.3, 31.31],
]);

const factories: Record<string, Factory> = {
  // the map screen serves both: the form's kind says which
  fence: () => ({ kind: "fence", name: unique("围栏"), fenceType: "mixing", shape: "polygon", coordinates: SQUARE, radius: "", alarmIn: "1", alarmOut: "1", speedLimit: "", period1Start: "", period1End: "", period2Start: "", period2End: "", dwellSeconds: "30", level: "2", state: "1" }),
  line: () => ({ kind: "line", name: unique("线路"), startName: "搅拌站", endName: "工地", path: SQUARE, bufferMeters: "200", offRouteAlarm: "1", dwellSeconds: "30", level: "2", state: "1" }),
};

export default { factories } satisfies DomainFactories;
