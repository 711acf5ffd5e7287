import type { Db } from "../../../db/client";
import { mapConfig } from "~/modules/settings/definitions.server";
import { readTenantSettings } from "~/modules/settings/settings.server";
import { mapClientConfig, type MapClientConfig } from "./config";

/** The tenant's map settings (/mapConfig) as a map screen's loader hands them to the browser. */
export async function loadMapConfig(db: Db, tenantId: number): Promise<MapClientConfig> {
  const { values } = await readTenantSettings(db, tenantId, mapConfig.view.key, mapConfig.defaults);
  return mapClientConfig(values);
}
