import { defineScreens } from "~/modules/screens/define";

/** 停滞期申报's screen in the contract group, and its approvers' function code (docs/architecture.md, "Domain manifests"). */
export default defineScreens({
  screens: [{ path: "/idlePeriod", group: "contract", privisId: "1206", privis: "idlePeriod", zh: "停滞期申报", en: "Idle Periods", layout: "app", status: "built", inMenu: true }],
  actions: { idlePeriod: [{ key: "approve", label: { zh: "审批", en: "Approve" } }] },
});
