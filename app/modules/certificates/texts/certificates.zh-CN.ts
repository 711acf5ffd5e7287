/** Texts of 证书管理 and the certificate gate. */
export default {
  expiredBeforeIssued: "有效期不能早于发证日期",
};
