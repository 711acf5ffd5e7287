import { z } from "zod";
import { checkLocationPart, locationPartValue, type LocationPart } from "~/lib/location";
import type { LocationKeys } from "./types";

const part = (name: LocationPart, required: boolean) =>
  z
    .string()
    .default("")
    .superRefine((v, ctx) => {
      const message = checkLocationPart(name, v, required);
      if (message) ctx.addIssue({ code: "custom", message });
    })
    .transform((v) => locationPartValue(name, v));

/**
 * The zod fields of a location form field (type "location"), to spread into a resource's schema: longitude and
 * latitude as WGS-84 numbers rounded to 6 decimals (null when optional and empty), the address trimmed (null when
 * empty). The rules and messages are the map picker's own (app/lib/location.ts), so the browser and the server agree.
 */
export function locationFields(keys: LocationKeys, { required = true }: { required?: boolean } = {}) {
  const shape: Record<string, z.ZodTypeAny> = { [keys.lng]: part("lng", required), [keys.lat]: part("lat", required) };
  if (keys.address) shape[keys.address] = part("address", false);
  return shape;
}
