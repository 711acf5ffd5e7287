import { unique } from "./helpers";

type Tenant = { rootOrgId: number; roleIds: { admin: number; dispatcher: number; viewer: number } };

/**
 * Valid create-form values for every registered resource, for the tenant given. The isolation test fails
 * for a resource without a factory here, so a new resource cannot slip past it.
 */
export const FACTORIES: Record<string, (t: Tenant) => Record<string, string>> = {
  dictionary: () => ({ dictCode: unique("dict_"), dictName: unique("字典") }),
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
