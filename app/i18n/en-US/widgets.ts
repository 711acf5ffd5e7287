import type { Translation } from "../types";
import type zh from "../zh-CN/widgets";

export default {
  placeholder: "",
} satisfies Translation<typeof zh>;
