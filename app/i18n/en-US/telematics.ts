import type { Translation } from "../types";
import type zh from "../zh-CN/telematics";

export default {
  title: "telematics",
} satisfies Translation<typeof zh>;
