// The demo tenant's sign-in points (签到管理): the yard, the mixing plant and the sites the demo fleet works at, in
// the organisations that run them. Nothing when the tenant has sign-in points already.
import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { organisations, signPoints } from "../schema";

const POINTS = [
  { name: "宝山搅拌站", org: "上海项目部", project: "宝山混凝土供应", address: "上海市宝山区沪太路3100号", lng: 121.35, lat: 31.3, signRange: 500, workStart: "06:30", workEnd: "20:00" },
  { name: "宝山设备场", org: "华东分公司", project: null, address: "上海市宝山区沪太路2999号", lng: 121.3612, lat: 31.3265, signRange: 200, workStart: "07:00", workEnd: "19:00" },
  { name: "嘉定新城地块项目", org: "上海项目部", project: "嘉定新城E17地块", address: "上海市嘉定区白银路与裕民南路交叉口", lng: 121.245, lat: 31.376, signRange: 300, workStart: "07:00", workEnd: "18:00" },
  { name: "真如副中心项目", org: "上海项目部", project: "真如城市副中心A3", address: "上海市普陀区真北路1888号", lng: 121.3968, lat: 31.2484, signRange: 200, workStart: "08:00", workEnd: "18:00" },
  { name: "苏州工业园区项目", org: "苏州项目部", project: "园区星湖街厂房", address: "江苏省苏州市工业园区星湖街328号", lng: 120.725, lat: 31.32, signRange: 300, workStart: "07:30", workEnd: "17:30" },
  { name: "前海桂湾项目", org: "深圳项目部", project: "前海桂湾三单元", address: "广东省深圳市南山区梦海大道5035号", lng: 113.896, lat: 22.528, signRange: 1000, workStart: null, workEnd: null, state: 0, remark: "工程收尾，暂停签到" },
];

export async function seedSignPoints(db: Db, tenantId: number, creatorId: number): Promise<number> {
  const [had] = await db.select({ n: count() }).from(signPoints).where(eq(signPoints.tenantId, tenantId));
  if (had!.n) return 0;
  const orgs = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.tenantId, tenantId), inArray(organisations.name, [...new Set(POINTS.map((p) => p.org))])));
  const orgId = new Map(orgs.map((o) => [o.name, o.id]));
  await db.insert(signPoints).values(POINTS.map(({ org, ...p }) => ({ ...p, tenantId, orgId: orgId.get(org) ?? null, creatorId })));
  return POINTS.length;
}
