import type { OptionDef } from "~/lib/list/types";

/** Spec §4: alarm levels one to three (one is the most urgent): the alarms, their settings per type and the tenant's defaults read the same three. */
export const ALARM_LEVELS: OptionDef[] = [
  { value: "1", label: { zh: "一级", en: "Level 1" }, tone: "danger" },
  { value: "2", label: { zh: "二级", en: "Level 2" } },
  { value: "3", label: { zh: "三级", en: "Level 3" }, tone: "muted" },
];
