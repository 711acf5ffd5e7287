import { defineScreens } from "~/modules/screens/define";

/** 设备调拨's screen in the menu's device group, and its approvers' function code (docs/architecture.md, "Domain manifests"). */
export default defineScreens({
  screens: [{ path: "/equipmentTransfer", group: "device", privisId: "1418", privis: "equipmentTransfer", zh: "设备调拨", en: "Equipment Transfers", layout: "app", status: "built", inMenu: true }],
  actions: { equipmentTransfer: [{ key: "approve", label: { zh: "审批", en: "Approve" } }] },
});
