// The demo tenant's parties: a dozen customers (construction and engineering companies of East and South China, one
// government body, one person) with their contacts, six suppliers (two tower-crane installers, one certificate about
// to expire and one expired) and eight leads across the stages. Contracts are seeded after this part and name these
// customers; the customer's exposure is read from them.
import { and, eq, inArray } from "drizzle-orm";
import { customerContacts, customers, leads, organisations, supplierCertificates, supplierContacts, suppliers, tenants } from "../../schema";
import { todayInZone } from "../../../app/lib/tenant-clock";
import { addDays as dayFrom } from "../../../app/modules/parties/supplier.resource";
import type { RentalSeedPart } from "./index";

type Contact = [name: string, phone: string, title: string];
const yuan = (n: number) => n * 100;

const CUSTOMERS: { name: string; kind: "enterprise" | "personal" | "government"; code: string | null; address: string; limit: number | null; days: number; org: string; contacts: Contact[]; remark?: string }[] = [
  { name: "中建八局第三建设有限公司", kind: "enterprise", code: "91310000MA1FL3XK2T", address: "上海市浦东新区世纪大道1568号", limit: 5_000_000, days: 60, org: "上海项目部", contacts: [["刘振华", "13916582307", "项目经理"], ["陈晓燕", "021-58763210", "材料员"]] },
  { name: "苏州金螳螂建筑装饰股份有限公司", kind: "enterprise", code: "91320500MA1MQ2B7X1", address: "苏州市工业园区金尚路99号", limit: 2_000_000, days: 45, org: "苏州项目部", contacts: [["周永强", "13862157749", "设备主管"]] },
  { name: "深圳市建安（集团）股份有限公司", kind: "enterprise", code: "91440300MA5F8KP6Y4", address: "深圳市福田区深南中路3039号", limit: 3_000_000, days: 60, org: "深圳项目部", contacts: [["黄志明", "13798234516", "项目经理"], ["林佩珊", "0755-8236471", "财务"]] },
  { name: "上海隧道工程股份有限公司", kind: "enterprise", code: "91310115MA1K4AB3C1", address: "上海市徐汇区宛平南路1099号", limit: 4_000_000, days: 60, org: "上海项目部", contacts: [["王建平", "13501893276", "机电部经理"]] },
  { name: "中铁十局集团第五工程有限公司", kind: "enterprise", code: "91320594MA1N5D8E0H", address: "苏州市吴中区东吴北路188号", limit: 3_500_000, days: 90, org: "苏州项目部", contacts: [["孙立军", "15850126683", "设备物资部"], ["赵敏", "0512-6587123", "商务经理"]] },
  { name: "上海建工四建集团有限公司", kind: "enterprise", code: "91310000132206541X", address: "上海市黄浦区中山南路1号", limit: 6_000_000, days: 60, org: "华东分公司", contacts: [["吴国栋", "13917736420", "项目副经理"]] },
  { name: "江苏省建筑工程集团有限公司", kind: "enterprise", code: "91320000134763208L", address: "南京市鼓楼区草场门大街88号", limit: 2_500_000, days: 45, org: "华东分公司", contacts: [["钱海涛", "13776541290", "项目经理"]] },
  { name: "中交第四航务工程局有限公司深圳分公司", kind: "enterprise", code: "91440300MA5G1HJ2T5", address: "深圳市南山区蛇口工业三路", limit: 1_500_000, days: 30, org: "深圳项目部", contacts: [["郑伟", "18926573318", "设备经理"]] },
  { name: "上海市浦东新区建设和交通委员会", kind: "government", code: "11310000002468913G", address: "上海市浦东新区合欢路2号", limit: null, days: 90, org: "上海项目部", contacts: [["冯建军", "021-28282828", "工程科"]], remark: "市政项目，按财政拨付节点付款" },
  { name: "上海宏盛钢结构工程有限公司", kind: "enterprise", code: "91310112MA1GBX0N4R", address: "上海市闵行区莘庄工业区申富路568号", limit: 800_000, days: 30, org: "上海项目部", contacts: [["蒋思远", "13611958802", "总经理"]] },
  { name: "苏州工业园区市政工程有限公司", kind: "enterprise", code: "91320506MA20R3Q7LL", address: "苏州市工业园区星湖街328号", limit: 1_000_000, days: 45, org: "苏州项目部", contacts: [["韩冬", "13952461178", "项目经理"]] },
  { name: "李国强", kind: "personal", code: null, address: "苏州市相城区元和街道御窑路22号", limit: 200_000, days: 15, org: "苏州项目部", contacts: [["李国强", "13815276604", "包工头"]], remark: "个人分包，吊装零活" },
];

const SUPPLIERS: { name: string; code: string; address: string; supplies: string; tower: boolean; contacts: Contact[]; certs: { name: string; number: string; issuer: string; expires: number | null }[] }[] = [
  {
    name: "上海庞源机械租赁有限公司",
    code: "91310000MA7C9U4H6W",
    address: "上海市宝山区沪太路3100号",
    supplies: "hire,install,transport",
    tower: true,
    contacts: [["曹建东", "13585927741", "商务经理"]],
    certs: [
      { name: "起重设备安装工程专业承包壹级", number: "D231045678", issuer: "上海市住房和城乡建设管理委员会", expires: 400 },
      { name: "安全生产许可证", number: "(沪)JZ安许证字[2023]012345", issuer: "上海市住房和城乡建设管理委员会", expires: 20 },
    ],
  },
  {
    name: "苏州华东塔机安装工程有限公司",
    code: "91320583MA1T6LK8PP",
    address: "昆山市开发区前进东路58号",
    supplies: "install,transport",
    tower: true,
    contacts: [["许志刚", "13906253318", "安装队长"], ["沈丽", "0512-5771889", "资料员"]],
    certs: [
      { name: "起重设备安装工程专业承包贰级", number: "D332087654", issuer: "江苏省住房和城乡建设厅", expires: -10 },
      { name: "特种作业操作证（塔式起重机安装拆卸工）", number: "T320583199001", issuer: "苏州市住房和城乡建设局", expires: 200 },
    ],
  },
  { name: "上海大力吊装运输有限公司", code: "91310118MA1JL9W2D1", address: "上海市青浦区华新镇华腾路1288号", supplies: "hire,transport", tower: false, contacts: [["杨大力", "13816640092", "调度"]], certs: [{ name: "道路运输经营许可证", number: "沪交运管许可青字310118004567号", issuer: "上海市道路运输管理局", expires: 700 }] },
  { name: "深圳市振华起重配件有限公司", code: "91440300MA5H2RT5GT", address: "深圳市宝安区石岩街道龙腾社区", supplies: "parts", tower: false, contacts: [["邓振华", "13760289945", "销售"]], certs: [] },
  { name: "上海通用重型物流有限公司", code: "91310230MA1HF7C3JF", address: "上海市崇明区城桥镇西门路799号", supplies: "transport", tower: false, contacts: [["顾海峰", "13671833506", "车队长"]], certs: [{ name: "大件运输许可证", number: "沪大件2025-0318", issuer: "上海市交通委员会", expires: 120 }] },
  { name: "常熟三一履带吊租赁有限公司", code: "91320585MA27YH1K0U", address: "常熟市经济开发区通港路8号", supplies: "hire,parts", tower: false, contacts: [["陆晨", "15962321107", "租赁经理"]], certs: [{ name: "起重机械使用登记证", number: "起11苏E0451(25)", issuer: "常熟市市场监督管理局", expires: 330 }] },
];

const LEADS: { title: string; customer?: string; prospect?: string; stage: number; expected: number; equipment: string; site: string; start: number; months: number; org: string; lostReason?: string }[] = [
  { title: "临港新片区物流园二期塔吊租赁", customer: "中建八局第三建设有限公司", stage: 3, expected: 1_260_000, equipment: "QTZ125 塔吊 2 台，附着 4 道", site: "上海市浦东新区临港新片区云鹃路", start: 20, months: 14, org: "上海项目部" },
  { title: "苏州湾数字中心吊装", customer: "苏州金螳螂建筑装饰股份有限公司", stage: 2, expected: 360_000, equipment: "50 吨汽车吊 1 台，台班", site: "苏州市吴江区太湖新城", start: 10, months: 3, org: "苏州项目部" },
  { title: "前海综合交通枢纽履带吊", customer: "深圳市建安（集团）股份有限公司", stage: 1, expected: 2_400_000, equipment: "260 吨履带吊 1 台，含操作手", site: "深圳市南山区前海合作区", start: 45, months: 10, org: "深圳项目部" },
  { title: "机场联络线盾构井吊装", customer: "上海隧道工程股份有限公司", stage: 4, expected: 980_000, equipment: "100 吨汽车吊 2 台，月租", site: "上海市闵行区华泾路", start: 7, months: 8, org: "上海项目部" },
  { title: "张江科学城厂房钢结构吊装", prospect: "上海浦江钢构有限公司", stage: 0, expected: 150_000, equipment: "25 吨汽车吊，零租", site: "上海市浦东新区张江路", start: 30, months: 2, org: "上海项目部" },
  { title: "昆山高新区安置房塔吊", customer: "中铁十局集团第五工程有限公司", stage: 5, expected: 720_000, equipment: "QTZ80 塔吊 3 台", site: "昆山市高新区玉山镇", start: -20, months: 12, org: "苏州项目部", lostReason: "客户选择了报价更低的本地租赁公司" },
  { title: "浦东新区市政道路改造配套吊装", customer: "上海市浦东新区建设和交通委员会", stage: 2, expected: 420_000, equipment: "随车吊 2 台，16 吨汽车吊 1 台", site: "上海市浦东新区川沙路", start: 15, months: 6, org: "上海项目部" },
  { title: "蛇口邮轮码头改造", prospect: "招商局蛇口工业区控股股份有限公司", stage: 1, expected: 1_800_000, equipment: "履带吊与塔吊各 1 台", site: "深圳市南山区蛇口望海路", start: 60, months: 9, org: "深圳项目部" },
];

export const seedParties: RentalSeedPart = async (db, { tenantId, adminId }) => {
  const [had] = await db.select({ id: customers.id }).from(customers).where(eq(customers.tenantId, tenantId)).limit(1);
  if (had) return null;
  const [tenant] = await db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId));
  const today = todayInZone(tenant?.timeZone);
  const orgNames = [...new Set([...CUSTOMERS.map((c) => c.org), ...LEADS.map((l) => l.org)])];
  const orgs = new Map((await db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(and(eq(organisations.tenantId, tenantId), inArray(organisations.name, orgNames)))).map((o) => [o.name, o.id]));

  const customerIds = new Map<string, number>();
  for (const c of CUSTOMERS) {
    const [row] = await db
      .insert(customers)
      .values({ tenantId, orgId: orgs.get(c.org) ?? null, name: c.name, kind: c.kind, creditCode: c.code, address: c.address, creditLimitCents: c.limit === null ? null : yuan(c.limit), paymentDays: c.days, managerId: adminId, remark: c.remark ?? null, creatorId: adminId })
      .returning({ id: customers.id });
    customerIds.set(c.name, row!.id);
    await db.insert(customerContacts).values(c.contacts.map(([name, phone, title], i) => ({ tenantId, customerId: row!.id, name, phone, title, isMain: i === 0 ? 1 : 0, sort: i })));
  }

  for (const s of SUPPLIERS) {
    const [row] = await db
      .insert(suppliers)
      .values({ tenantId, name: s.name, kind: "enterprise", creditCode: s.code, address: s.address, supplies: s.supplies, tower: s.tower ? 1 : 0, paymentDays: 30, creatorId: adminId })
      .returning({ id: suppliers.id });
    await db.insert(supplierContacts).values(s.contacts.map(([name, phone, title], i) => ({ tenantId, supplierId: row!.id, name, phone, title, isMain: i === 0 ? 1 : 0, sort: i })));
    if (s.certs.length) await db.insert(supplierCertificates).values(s.certs.map((c) => ({ tenantId, supplierId: row!.id, name: c.name, number: c.number, issuer: c.issuer, expiresOn: c.expires === null ? null : dayFrom(today, c.expires) })));
  }

  for (const l of LEADS) {
    const start = dayFrom(today, l.start);
    await db.insert(leads).values({
      tenantId,
      orgId: orgs.get(l.org) ?? null,
      title: l.title,
      customerId: l.customer ? (customerIds.get(l.customer) ?? null) : null,
      prospect: l.prospect ?? null,
      stage: l.stage,
      expectedCents: yuan(l.expected),
      equipmentWanted: l.equipment,
      site: l.site,
      expectedStart: start,
      expectedEnd: dayFrom(start, l.months * 30),
      ownerId: adminId,
      lostReason: l.lostReason ?? null,
      creatorId: adminId,
    });
  }
  return `seeded the parties: ${CUSTOMERS.length} customers, ${SUPPLIERS.length} suppliers, ${LEADS.length} leads`;
};
