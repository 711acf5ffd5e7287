import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_TIME_ZONE } from "./tenant-clock";

/** The signed-in tenant's time zone, from the app layout's loader (routes/_app); the default outside it. */
export function useTimeZone(): string {
  return useRouteLoaderData<{ timeZone?: string }>("routes/_app")?.timeZone ?? DEFAULT_TIME_ZONE;
}
