import { defineScreens } from "~/modules/screens/define";

/** 设备维修, with its approval's function code (docs/maintenance.md). */
export default defineScreens({
  built: ["/equipmentRepair"],
  actions: { equipmentRepair: [{ key: "approve", label: { zh: "审批", en: "Approve" } }] },
});
