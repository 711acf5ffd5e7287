import type { Translation } from "../types";
import type zh from "../zh-CN/playback";

export default {
  title: "playback",
} satisfies Translation<typeof zh>;
