import { asc, eq } from "drizzle-orm";
import { batch, type Db } from "../client";
import { drivers, fences, fenceVehicles, markerPoints, markerTypes, organisations, users, vehicleModels, vehicleOwners, vehicles } from "../schema";
import { sha256Hex } from "../../workers/telematics/secret";

/** The demo terminals' secret: `demo-secret-<terminalNo>` (stored as its SHA-256, like the provision API and the simulator). */
export const demoTerminalSecret = (terminalNo: string) => `demo-secret-${terminalNo}`;

/**
 * The demo vehicle that also carries a JT/T 808 terminal (the last one driving live): after `npm start` it speaks the
 * national standard to the gateway (scripts/demo-fleet-jt808.ts). Its phone number is 139 and the prefix's letters
 * as two digits each, so every seeded tenant's is its own (phones are unique across tenants).
 */
export const DEMO_JT808_VEHICLE = 27;
export const demoJt808Phone = (prefix: string) => `139${[...prefix.toUpperCase()].map((c) => String(c.charCodeAt(0) % 100).padStart(2, "0")).join("")}${String(DEMO_JT808_VEHICLE).padStart(2, "0")}`;

const MODELS = [
  { name: "25吨汽车吊", length: 12.6, width: 2.5, height: 3.5, volume: null, fuelAlarm: 45, idleCoefficient: 4.5, energyType: "diesel", shape: "truck-crane" },
  { name: "50吨汽车吊", length: 13.9, width: 2.8, height: 3.7, volume: null, fuelAlarm: 55, idleCoefficient: 6, energyType: "diesel", shape: "truck-crane" },
  { name: "80吨履带吊", length: 14.5, width: 4.9, height: 3.3, volume: null, fuelAlarm: 70, idleCoefficient: 8, energyType: "diesel", shape: "crawler-crane" },
  { name: "12方搅拌车", length: 10.2, width: 2.5, height: 3.9, volume: 12, fuelAlarm: 40, idleCoefficient: 3.5, energyType: "diesel", shape: "mixer" },
  { name: "56米泵车", length: 13.8, width: 2.5, height: 4, volume: null, fuelAlarm: 50, idleCoefficient: 5, energyType: "diesel", shape: "pump" },
] as const;

const OWNERS = [
  { name: "德瑞克自有", ownerType: "enterprise", idNumber: "91310000MA1FL0001X", phone: "021-60001234" },
  { name: "上海宏运工程机械有限公司", ownerType: "enterprise", idNumber: "91310115MA1K30002Y", phone: "021-58880001" },
  { name: "王建国", ownerType: "personal", idNumber: "310101198001010011", phone: "13800001111" },
] as const;

const DRIVERS = ["张伟", "李强", "王磊", "刘洋", "陈杰", "杨帆"];

const MARKERS = [
  { name: "宝山维修站", address: "上海市宝山区沪太路2999号", lng: 121.3612, lat: 31.3265, contact1: "赵师傅", phone1: "13900002222" },
  { name: "嘉定维修站", address: "上海市嘉定区曹安公路4800号", lng: 121.2658, lat: 31.2921, contact1: "钱师傅", phone1: "13900003333" },
  { name: "普陀服务点", address: "上海市普陀区真北路1888号", lng: 121.3968, lat: 31.2484, contact1: "孙经理", phone1: "13900004444" },
] as const;

/**
 * Demo telematics data for a tenant: vehicle models, owners, drivers, 30 vehicles with terminals
 * `<prefix>0000001…<prefix>0000030` spread over the organisation tree, a marker type with three points, and a
 * mixing-plant fence (circle of 800 m around 121.35, 31.30, in/out alarms) bound to the first 10 vehicles.
 * Does nothing when the tenant already has vehicles. Terminal numbers are unique across tenants, so a second
 * tenant needs its own three-letter prefix.
 */
export async function seedTelematics(db: Db, tenantId: number, opts: { prefix?: string; creatorId?: number } = {}): Promise<{ created: boolean; vehicleIds: number[] }> {
  const prefix = (opts.prefix ?? "DRK").toUpperCase();
  if (!/^[A-Z]{3}$/.test(prefix)) throw new Error("prefix must be 3 letters");
  const [existing] = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.tenantId, tenantId)).limit(1);
  if (existing) return { created: false, vehicleIds: [] };

  const [firstUser] = await db.select({ id: users.id }).from(users).where(eq(users.tenantId, tenantId)).orderBy(asc(users.id)).limit(1);
  const creatorId = opts.creatorId ?? firstUser?.id ?? null;
  const orgs = await db.select({ id: organisations.id, parentId: organisations.parentId }).from(organisations).where(eq(organisations.tenantId, tenantId)).orderBy(asc(organisations.id));
  if (!orgs.length) throw new Error(`tenant ${tenantId} has no organisation`);
  // vehicles go to the organisations below the root (all of them when the tree is only a root)
  const homes = orgs.length > 1 ? orgs.filter((o) => o.parentId !== null) : orgs;

  const models = await db
    .insert(vehicleModels)
    .values(
      MODELS.map(({ shape, ...m }) => ({ ...m, tenantId, creatorId, iconRunning: `${shape}-running`, iconStopped: `${shape}-stopped`, iconOffline: `${shape}-offline` })),
    )
    .returning({ id: vehicleModels.id });
  const owners = await db
    .insert(vehicleOwners)
    .values(OWNERS.map((o) => ({ ...o, tenantId, creatorId })))
    .returning({ id: vehicleOwners.id });

  const now = Date.now();
  const rows = await Promise.all(
    Array.from({ length: 30 }, async (_, i) => {
      const n = i + 1;
      const terminalNo = `${prefix}${String(n).padStart(7, "0")}`;
      const modelIndex = i % MODELS.length;
      return {
        tenantId,
        orgId: homes[i % homes.length]!.id,
        code: `ZC${prefix}${String(n).padStart(5, "0")}`,
        plate: `沪A${prefix[0]}${String(n).padStart(4, "0")}`,
        vin: `LZZ1CLSB${String(n).padStart(9, "0")}`,
        terminalNo,
        terminalSecretHash: await sha256Hex(demoTerminalSecret(terminalNo)),
        jt808Phone: n === DEMO_JT808_VEHICLE ? demoJt808Phone(prefix) : null,
        sim1: `1440${String(20260000 + n).padStart(9, "0")}`,
        modelId: models[modelIndex]!.id,
        selfNo: `${prefix}-${String(n).padStart(3, "0")}`,
        manufactureDate: `20${String(18 + (i % 7)).padStart(2, "0")}-0${1 + (i % 9)}-15`,
        vehicleType: ["1", "1", "2", "5", "5"][modelIndex]!,
        energyType: "diesel",
        saleState: i % 6 === 5 ? 1 : 0,
        ownerId: owners[i % owners.length]!.id,
        installed: 1,
        installedAt: now - (60 - i) * 86_400_000,
        terminalFactory: "德瑞克智能终端",
        hardwareVersion: "HW2.1",
        softwareVersion: "FW3.4.7",
        warrantyEnd: "2028-12-31",
        videoChannels: i % 3 === 0 ? 4 : 0,
        deviceType: i < 20 ? "new" : "existing",
        state: 1,
        creatorId,
      };
    }),
  );
  // D1 binds at most 100 values a statement and a vehicle row binds about 30: one row a statement, in one batch
  const inserted = await batch(db, rows.map((r) => db.insert(vehicles).values(r).returning({ id: vehicles.id })) as unknown as [PromiseLike<{ id: number }[]>, ...PromiseLike<{ id: number }[]>[]]);
  const vehicleIds = (inserted as { id: number }[][]).map((r) => r[0]!.id);

  await db.insert(drivers).values(DRIVERS.map((name, i) => ({ tenantId, name, phone: `1370000${String(1000 + i)}`, vehicleId: vehicleIds[i]!, creatorId })));
  const [markerType] = await db.insert(markerTypes).values({ tenantId, name: "维修站", icon: "repair-station", creatorId }).returning({ id: markerTypes.id });
  await db.insert(markerPoints).values(MARKERS.map((m) => ({ ...m, tenantId, typeId: markerType!.id, creatorId })));
  const [fence] = await db
    .insert(fences)
    .values({ tenantId, name: "宝山搅拌站", fenceType: "mixing", shape: "circle", coordinates: [[121.35, 31.3]], radius: 800, alarmIn: 1, alarmOut: 1, creatorId })
    .returning({ id: fences.id });
  await db.insert(fenceVehicles).values(vehicleIds.slice(0, 10).map((vehicleId) => ({ tenantId, fenceId: fence!.id, vehicleId })));
  return { created: true, vehicleIds };
}
