/**
 * A place as forms post it (spec §3 "Location value: location, lat, lng"): WGS-84 longitude and latitude as typed
 * text, and an address. The one rule set for the map picker in the browser and the schemas on the server; failed
 * checks answer message keys of the widgets namespace, so both languages come from one place.
 */
import { isLatitude, isLongitude } from "./validators";

export type LngLat = [number, number];
export type LocationPart = "lng" | "lat" | "address";

/** Addresses are free text up to this many characters (trimmed); there is no geocoder offline to check them. */
export const ADDRESS_MAX = 100;
/** Stored precision: 6 decimals is about 0.1 m, finer than any terminal or click. */
export const COORD_DECIMALS = 6;

export const LOCATION_MESSAGES = {
  required: "widgets:mapPicker.errors.required",
  lng: "widgets:mapPicker.errors.lng",
  lat: "widgets:mapPicker.errors.lat",
  address: "widgets:mapPicker.errors.address",
} as const;

/** Rounds to the stored precision. */
export const roundCoord = (n: number) => Math.round(n * 10 ** COORD_DECIMALS) / 10 ** COORD_DECIMALS;

/** A coordinate as the inputs show it: at most 6 decimals, never an exponent or "-0". */
export function formatCoord(n: number): string {
  const r = roundCoord(n);
  return r === 0 ? "0" : String(r);
}

/**
 * The message key for one part as typed, or null when it passes. An empty longitude or latitude is refused only when
 * the location is required (an optional one may stay empty); addresses are trimmed before counting.
 */
export function checkLocationPart(part: LocationPart, text: string, required: boolean): string | null {
  const v = text.trim();
  if (part === "address") return v.length > ADDRESS_MAX ? LOCATION_MESSAGES.address : null;
  if (v === "") return required ? LOCATION_MESSAGES.required : null;
  return (part === "lng" ? isLongitude(v) : isLatitude(v)) ? null : LOCATION_MESSAGES[part];
}

/** The value a part stores: a number rounded to 6 decimals, a trimmed address, or null when empty. */
export function locationPartValue(part: LocationPart, text: string): number | string | null {
  const v = text.trim();
  if (v === "") return null;
  return part === "address" ? v : roundCoord(Number(v));
}

/** Spec §9: the sign-in radius options in metres, 100 by default. */
export const SIGN_IN_RADII = [100, 200, 300, 500, 1000, 2000] as const;
export const DEFAULT_SIGN_IN_RADIUS = 100;

/** A sign-in range as posted: one of SIGN_IN_RADII in metres, or null (message: widgets:signIn.range). */
export function signRangeValue(text: string): number | null {
  const n = Number(text.trim());
  return (SIGN_IN_RADII as readonly number[]).includes(n) ? n : null;
}

/** Parses typed text into a WGS-84 point, or null when either part is missing or invalid. */
export function parseLngLat(lng: string, lat: string): LngLat | null {
  if (checkLocationPart("lng", lng, true) || checkLocationPart("lat", lat, true)) return null;
  return [Number(lng.trim()), Number(lat.trim())];
}

/** Keeps a point on the map: longitude wrapped into −180..180, latitude clamped to Web Mercator's ±85.051129. */
export function normalizeLngLat([lng, lat]: LngLat): LngLat {
  const wrapped = lng > 180 || lng < -180 ? ((((lng + 180) % 360) + 360) % 360) - 180 : lng;
  return [roundCoord(wrapped), roundCoord(Math.max(-85.051129, Math.min(85.051129, lat)))];
}

/**
 * A point clicked, dragged or moved on the map → the stored WGS-84 point: the base map may display GCJ-02
 * (`projection.fromDisplay` of app/widgets/map/coords.ts undoes it), then wrapped, clamped and rounded.
 */
export function pickedPoint(projection: { fromDisplay(p: LngLat): LngLat }, display: LngLat): LngLat {
  return normalizeLngLat(projection.fromDisplay(display));
}
