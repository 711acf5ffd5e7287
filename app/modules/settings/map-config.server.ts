import type { Db } from "../../../db/client";
import { geocoderSettings } from "~/modules/geo/geo-config.server";
import { mapClientConfig, type MapClientConfig } from "~/widgets/map/config";
import { mapConfig } from "./definitions.server";
import { readTenantSettings } from "./settings.server";

/** The tenant's map settings (/mapConfig) as a map screen's loader hands them to the browser (no geocoder key). */
export async function loadMapConfig(db: Db, tenantId: number): Promise<MapClientConfig> {
  const { values } = await readTenantSettings(db, tenantId, mapConfig.view.key, mapConfig.defaults);
  return mapClientConfig(values, geocoderSettings(values) !== null);
}
