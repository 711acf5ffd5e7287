import { env } from "cloudflare:test";
import { unique } from "../helpers";
import { terminalNo } from "../telematics";
import type { DomainFactories, Factory, Prepare, Seed } from "../factories";

const factories: Record<string, Factory> = {
  organisation: (t) => ({ name: unique("部门"), parentId: String(t.rootOrgId), sort: "1" }),
  alarmSetting: () => ({ name: unique("超速"), level: "1", shown: "1", handleMode: "manual", measure: "" }),
  buildCompany: () => ({ name: unique("建设"), contact: "", phone: "", address: "", remark: "" }),
  depository: () => ({ name: unique("仓库"), address: "", manager: "", phone: "", state: "1", remark: "" }),
  // the vehicle PREPARE puts outside the user's scope
  dataPermission: (t) => ({ vehicles: `ISO${t.tenantId}`, reason: unique("隔离申请"), periodEnd: "" }),
  application: () => ({ name: unique("申请人"), phone: "13700001111", appRole: "driver", company: "", reason: "" }),
  dictionary: () => ({ dictCode: unique("dict_"), dictName: unique("字典") }),
  role: () => ({ name: unique("角色"), state: "1", description: "" }),
  menu: () => ({
    name: unique("菜单"),
    nameEn: unique("Menu "),
    // "10…" sorts among the first rows of the list (ordered by menu ID), so a page of 100 shows it
    privisId: `10${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    privis: unique("iso_"),
    parent: "0",
    routerPath: "",
    sort: "0",
    type: "5",
    state: "1",
    home: "0",
    once: "0",
  }),
  user: (t) => ({
    loginAccount: unique("iso"),
    userName: unique("隔离"),
    password: "Passw0rd@26",
    orgId: String(t.rootOrgId),
    roleId: String(t.roleIds.viewer),
    phone: "",
    email: "",
    address: "",
    expiresAt: "",
    state: "1",
  }),
};

const prepare: Record<string, Prepare> = {
  async dataPermission(t) {
    const dept = await env.DB.prepare("insert into organisations (tenant_id, parent_id, name, sort, version, created_at, updated_at) values (?, ?, ?, 9, 1, ?, ?) returning id")
      .bind(t.tenantId, t.rootOrgId, unique("隔离部"), Date.now(), Date.now())
      .first<{ id: number }>();
    await env.DB.prepare("update users set org_id = ? where id = ?").bind(dept!.id, t.userId).run();
    await env.DB.prepare("insert into vehicles (tenant_id, org_id, plate, terminal_no, state, version, created_at, updated_at) values (?, ?, ?, ?, 1, 1, ?, ?)")
      .bind(t.tenantId, t.rootOrgId, `ISO${t.tenantId}`, terminalNo(), Date.now(), Date.now())
      .run();
  },
};

const seeds: Record<string, Seed> = {
  async auditLog(t) {
    const label = unique("iso-audit-");
    await env.DB.prepare("insert into audit_logs (tenant_id, user_id, action, entity, entity_id, before, after, created_at) values (?, ?, 'update', 'menu', ?, ?, ?, ?)")
      .bind(t.tenantId, t.userId, label, JSON.stringify({ name: "旧" }), JSON.stringify({ name: "新" }), Date.now())
      .run();
    return label;
  },
  async visitLog(t) {
    const label = unique("隔离模块");
    await env.DB.prepare("insert into visit_logs (tenant_id, user_id, phone_type, first_module, second_module, stay_time, created_at) values (?, ?, 0, ?, '子模块', 4200, ?)").bind(t.tenantId, t.userId, label, Date.now()).run();
    return label;
  },
};

export default { factories, prepare, seeds } satisfies DomainFactories;
