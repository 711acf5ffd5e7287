import type { Translation } from "../types";
import type zh from "../zh-CN/files";

export default {
  placeholder: "",
} satisfies Translation<typeof zh>;
