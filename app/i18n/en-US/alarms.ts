import type { Translation } from "../types";
import type zh from "../zh-CN/alarms";

export default {
  title: "alarms",
} satisfies Translation<typeof zh>;
