import { createContext, useContext } from "react";
import { DEFAULT_TIME_ZONE } from "./tenant-clock";

/** The signed-in tenant's time zone, provided by the app layout (routes/_app) from its loader; the default outside it. */
export const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

/** The tenant's time zone, for client components that show or pick days and times. */
export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}
