import type { Translation } from "~/i18n/types";
import type zh from "./certificates.zh-CN";

/** Texts of 证书管理 and the certificate gate. */
export default {
  expiredBeforeIssued: "Cannot expire before it was issued",
} satisfies Translation<typeof zh>;
