import { defineScreens } from "~/modules/screens/define";

/** 锁车管理 with its four tabs (lock tasks, lock records, version packages, upgrade tasks) and its own codes (docs/terminals.md). */
export default defineScreens({
  built: ["/lockCarManage"],
  actions: {
    lockCarManage: [
      { key: "approve", label: { zh: "锁车审批", en: "Approve locks" } },
      { key: "emergency", label: { zh: "应急解锁", en: "Emergency unlock" } },
    ],
  },
});
