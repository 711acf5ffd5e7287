import { z } from "zod";
import { checkLocationPart, locationPartValue, signRangeValue, type LocationPart } from "~/lib/location";
import type { LocationKeys, SignRangeKeyOf } from "~/lib/list/types";

const part = <Out>(name: LocationPart, required: boolean) =>
  z
    .string()
    .default("")
    .superRefine((v, ctx) => {
      const message = checkLocationPart(name, v, required);
      if (message) ctx.addIssue({ code: "custom", message });
    })
    .transform((v) => locationPartValue(name, v) as Out);

/** The zod shape of a location field: its longitude and latitude (numbers) and its address (text), under its keys. */
export type LocationShape<K extends LocationKeys, Required extends boolean> = { [P in K["lng"] | K["lat"]]: z.ZodType<Required extends true ? number : number | null, string | undefined> } & {
  [P in NonNullable<K["address"]>]: z.ZodType<string | null, string | undefined>;
} & { [P in SignRangeKeyOf<K>]: z.ZodType<number, string | undefined> };

/** A sign-in range: one of the spec's radii in metres (maps:signIn.rangeInvalid otherwise). */
const signRange = z
  .string()
  .default("")
  .transform((v, ctx) => {
    const n = signRangeValue(v);
    if (n === null) {
      ctx.addIssue({ code: "custom", message: "maps:signIn.rangeInvalid" });
      return z.NEVER;
    }
    return n;
  });

/**
 * The zod fields of a location form field (type "location"), to spread into a resource's schema: longitude and
 * latitude as WGS-84 numbers rounded to 6 decimals (null when optional and empty), the address trimmed (null when
 * empty). The rules and messages are the map picker's own (app/lib/location.ts), so the browser and the server agree.
 * Declare the keys `as const` so the schema's answer names them; a required location answers numbers, never null.
 */
export function locationFields<const K extends LocationKeys, Required extends boolean = true>(keys: K, { required = true as Required }: { required?: Required } = {}): LocationShape<K, Required> {
  const shape: Record<string, z.ZodType> = { [keys.lng]: part<number | null>("lng", required), [keys.lat]: part<number | null>("lat", required) };
  if (keys.address) shape[keys.address] = part<string | null>("address", false);
  if (keys.signRange) shape[keys.signRange] = signRange;
  return shape as LocationShape<K, Required>;
}
