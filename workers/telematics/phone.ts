/**
 * A JT808 terminal's phone number as the vehicle keeps it and the gateway's calls look it up: its digits without
 * leading zeros (a 2013 header pads it to 12 digits, a 2019 one to 20). The vehicle form stores it so; null when it
 * is not 1 to 20 digits.
 */
export function phoneKey(phone: unknown): string | null {
  if (typeof phone !== "string" || !/^\d{1,20}$/.test(phone)) return null;
  return phone.replace(/^0+(?=\d)/, "");
}
