import { unique } from "../helpers";
import type { DomainFactories, Factory } from "../factories";

const factories: Record<string, Factory> = {
  signPoint: (t) => ({ name: unique("签到").slice(0, 30), orgId: String(t.rootOrgId), project: "", lng: "121.35", lat: "31.3", address: "嘉定工地", signRange: "200", workStart: "", workEnd: "", remark: "" }),
};

export default { factories } satisfies DomainFactories;
