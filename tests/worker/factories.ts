import { unique } from "./helpers";

type Tenant = { rootOrgId: number; roleIds: { admin: number; dispatcher: number; viewer: number } };

/**
 * Valid create-form values for every registered resource, for the tenant given. The isolation test fails
 * for a resource without a factory here, so a new resource cannot slip past it.
 */
export const FACTORIES: Record<string, (t: Tenant) => Record<string, string>> = {
  organisation: (t) => ({ name: unique("部门"), parentId: String(t.rootOrgId), sort: "1" }),
  alarmSetting: () => ({ name: unique("超速"), level: "1", shown: "1", handleMode: "manual", measure: "" }),
  buildCompany: () => ({ name: unique("建设"), contact: "", phone: "", address: "", remark: "" }),
  depository: () => ({ name: unique("仓库"), address: "", manager: "", phone: "", state: "1", remark: "" }),
  application: () => ({ name: unique("申请人"), phone: "13700001111", appRole: "driver", company: "", reason: "" }),
  role: () => ({ name: unique("角色"), state: "1", description: "" }),
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
