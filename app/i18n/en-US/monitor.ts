import type { Translation } from "../types";
import type zh from "../zh-CN/monitor";

export default {
  title: "monitor",
} satisfies Translation<typeof zh>;
