// The demo's JT808 terminal (scripts/demo-fleet-jt808.ts) against the real gateway and a stand-in Worker: it
// registers once and keeps its code, a second run authenticates with the kept code without registering again, its
// reports arrive as the demo model drove them, and a lost code ends in one line that says how to reset it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Gateway } from "../gateway/src/gateway";
import { startStandInWorker, type StandInWorker } from "../gateway/src/stand-in-worker";
import { DemoJt808Terminal, locationOf } from "./demo-fleet-jt808";
import { liveVehicle } from "./demo-fleet-model";
import { stepVehicle } from "./simulator-model";
import { DEMO_JT808_VEHICLE, demoJt808Phone } from "../db/seed/telematics";

const PHONE = demoJt808Phone("DRK");
const dir = mkdtempSync(join(tmpdir(), "demo-jt808-"));
const codeFile = join(dir, "state", `jt808-demo-${PHONE}.code`);
let worker: StandInWorker;
let gateway: Gateway;
let port = 0;

beforeAll(async () => {
  worker = await startStandInWorker({ secret: "demo-test-secret", known: [PHONE], code: "c0ffee0123456789abcdef01" });
  gateway = new Gateway({ port: 0, host: "127.0.0.1", workerUrl: worker.url, secret: "demo-test-secret", dataDir: join(dir, "gateway"), commandPollMs: 100, lingerMs: 5 });
  port = await gateway.start();
});

afterAll(async () => {
  await gateway.stop();
  await worker.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The demo vehicle's points a second apart, as the demo fleet steps it. */
function drive(seconds: number, start = Date.UTC(2026, 11, 4, 2, 0, 0)) {
  const v = liveVehicle(DEMO_JT808_VEHICLE - 1);
  return Array.from({ length: seconds }, (_, s) => stepVehicle(v, start + s * 1000, 1));
}

describe("the demo's JT808 terminal", () => {
  it("has a phone of its own per seeded prefix, 11 digits like a Chinese mobile number", () => {
    expect(PHONE).toMatch(/^139\d{8}$/);
    expect(demoJt808Phone("HTS")).not.toBe(PHONE);
  });

  it("registers once, keeps its code, reports every 5 s what the model drove, and a second run only authenticates", async () => {
    const warnings: string[] = [];
    const first = new DemoJt808Terminal({ host: "127.0.0.1", port, phone: PHONE, codeFile, warn: (l) => warnings.push(l) });
    const points = drive(11);
    for (const p of points) await first.tick(p);
    first.close();
    expect(warnings).toEqual([]);
    expect(readFileSync(codeFile, "utf8")).toBe("c0ffee0123456789abcdef01");
    // seconds 0, 5 and 10 of the drive (JT808_REPORT_MS); the odometer at the wire's 0.1 km
    expect(first.acked).toBe(3);
    const stored = worker.batches.flat().flatMap((r) => r.points as unknown as { t: number; lng: number; lat: number; speed: number; mileage: number; can: Record<string, number> }[]);
    expect(stored.map((p) => p.t)).toEqual([points[0]!.t, points[5]!.t, points[10]!.t]);
    expect(stored[2]).toMatchObject({ lng: points[10]!.lng, lat: points[10]!.lat, mileage: Math.round(points[10]!.mileage * 10) / 10, can: { fuelL: locationOf(points[10]!).extras.fuelL } });

    // the next `npm start`: the registration is not asked for again (it would answer 3), the kept code is used
    const again = new DemoJt808Terminal({ host: "127.0.0.1", port, phone: PHONE, codeFile, warn: (l) => warnings.push(l) });
    await again.tick(drive(1, Date.UTC(2026, 11, 4, 3, 0, 0))[0]!);
    again.close();
    expect(again.acked).toBe(1);
    expect(warnings).toEqual([]);
  });

  it("says once how to reset a registration whose code was lost, and reports nothing", async () => {
    rmSync(codeFile);
    const warnings: string[] = [];
    const lost = new DemoJt808Terminal({ host: "127.0.0.1", port, phone: PHONE, codeFile, warn: (l) => warnings.push(l) });
    await lost.tick(drive(1)[0]!);
    lost.close();
    expect(lost.acked).toBe(0);
    expect(existsSync(codeFile)).toBe(false);
    expect(warnings).toEqual([expect.stringContaining("重置JT808注册")]);
  });
});
