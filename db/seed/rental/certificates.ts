// The demo tenant's machine certificates (证书管理): each crane's use registration (no expiry) and its periodic
// inspection report, both mandatory, and its insurance; one insurance runs out within the month, and the yard's tower
// (TC-04) waits for its re-inspection: its report expired ten days ago, so it can go on no contract until renewed.
// Seeds once, when the tenant has no certificate yet; after the towers and the wind cranes.
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { tenants, vehicles } from "../../schema";
import { addDays } from "../../../app/lib/calendar";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { vehicleCertificates } from "../../../app/modules/certificates/certificate.server";
import { companyLicenses } from "../../../app/modules/certificates/license.server";
import type { RentalSeedPart } from "./index";

export const seedCertificates: RentalSeedPart = async (db, ctx) => {
  const [have] = await db.select({ n: count() }).from(vehicleCertificates).where(eq(vehicleCertificates.tenantId, ctx.tenantId));
  if (have!.n > 0) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, ctx.tenantId));
  const today = todayInZone(tenant?.timeZone ?? "Asia/Shanghai");
  const cranes = await db
    .select({ id: vehicles.id, plate: vehicles.plate, selfNo: vehicles.selfNo, type: vehicles.vehicleType })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, ctx.tenantId), inArray(vehicles.vehicleType, ["1", "2", "3", "4"])))
    .orderBy(asc(vehicles.id));
  const rows: (typeof vehicleCertificates.$inferInsert)[] = [];
  for (const [i, c] of cranes.entries()) {
    const base = { tenantId: ctx.tenantId, vehicleId: c.id, creatorId: ctx.adminId };
    rows.push({ ...base, kind: "registration", number: `起${c.type === "3" ? "塔" : "重"}沪F${String(10231 + i)}`, issuer: "上海市市场监督管理局", issuedOn: addDays(today, -700 + i * 11), mandatory: 1 });
    const yardTower = c.selfNo === "TC-04";
    rows.push({ ...base, kind: "inspection", number: `SHTJ-DJ-${String(20260 + i)}`, issuer: "上海市特种设备监督检验技术研究院", issuedOn: addDays(today, yardTower ? -375 : -90 - i * 7), expiresOn: addDays(today, yardTower ? -10 : 275 - i * 7), mandatory: 1, remark: yardTower ? "拆除后待重新检验" : null });
    rows.push({ ...base, kind: "insurance", number: `PICC-JX-2026-${String(8801 + i)}`, issuer: "中国人民财产保险股份有限公司上海市分公司", issuedOn: addDays(today, -345 + (i === 1 ? 0 : 40 * i)), expiresOn: addDays(today, i === 1 ? 20 : 20 + 40 * i), mandatory: 0 });
  }
  for (let i = 0; i < rows.length; i += 6) await db.insert(vehicleCertificates).values(rows.slice(i, i + 6));
  // the company's own licences (证照管理): the safety licence is due for renewal within the month
  const holder = "德瑞克起重设备租赁有限公司";
  await db.insert(companyLicenses).values([
    { tenantId: ctx.tenantId, kind: "business", name: "营业执照", number: "91310115MA1K4XXXX8", holder, issuer: "上海市浦东新区市场监督管理局", issuedOn: "2019-04-16", creatorId: ctx.adminId },
    { tenantId: ctx.tenantId, kind: "construction", name: "起重设备安装工程专业承包二级", number: "D231XXXX67", holder, issuer: "上海市住房和城乡建设管理委员会", issuedOn: addDays(today, -900), expiresOn: addDays(today, 560), creatorId: ctx.adminId },
    { tenantId: ctx.tenantId, kind: "safety", name: "安全生产许可证", number: "(沪)JZ安许证字[2023]01XXXX", holder, issuer: "上海市住房和城乡建设管理委员会", issuedOn: addDays(today, -1070), expiresOn: addDays(today, 25), creatorId: ctx.adminId },
    { tenantId: ctx.tenantId, kind: "specialEquipment", name: "特种设备安装改造维修许可证（起重机械）", number: "TS34310XX-2027", holder, issuer: "上海市市场监督管理局", issuedOn: addDays(today, -400), expiresOn: addDays(today, 1060), creatorId: ctx.adminId },
  ]);
  return `seeded ${rows.length} machine certificates (one inspection expired: TC-04 waits for re-inspection) and 4 company licences`;
};
