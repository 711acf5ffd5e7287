// The equipment types on their own: the contract, temporary-crane and availability-board screens offer them, and
// importing them from vehicles.resource.ts put the whole vehicle list's view (2.4 KB gzipped) in those screens' first load.
import { labelOf, type OptionDef } from "~/lib/list/types";

/** Spec §3 equipment-type list (the equipment_type dictionary's fixed values). */
export const VEHICLE_TYPES: OptionDef[] = [
  { value: "1", label: { zh: "汽车吊", en: "Truck crane" } },
  { value: "2", label: { zh: "履带吊", en: "Crawler crane" } },
  { value: "3", label: { zh: "塔吊", en: "Tower crane" } },
  { value: "4", label: { zh: "随车吊", en: "Truck-mounted crane" } },
  { value: "5", label: { zh: "货车", en: "Truck" } },
  { value: "6", label: { zh: "乘用车", en: "Passenger car" } },
  { value: "7", label: { zh: "挂车", en: "Trailer" } },
  { value: "8", label: { zh: "其他", en: "Other" } },
];

/** An equipment type's name in a language (3 → 塔吊 / Tower crane), as bills, statements and PDFs print it; a code no type has, as it is. */
export function equipmentTypeName(code: string | null | undefined, lang: string): string {
  if (!code) return "";
  const type = VEHICLE_TYPES.find((t) => t.value === code);
  return type ? labelOf(type.label, lang) : code;
}
