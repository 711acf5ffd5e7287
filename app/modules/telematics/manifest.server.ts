import { defineManifest } from "~/modules/resource/manifest";
import { driverOptions, driverResource, ownerOptions, ownerResource, vehicleModelResource } from "./archive.server";
import { markerPointOptions, markerPointResource, markerTypeResource } from "./markers.server";
import { vehicleOptions, vehicleResource } from "./vehicles.server";

/** What this domain adds to the house (docs/architecture.md, "Domain manifests"). */
export default defineManifest({
  resources: {
    vehicle: { resource: vehicleResource, options: vehicleOptions },
    vehicleModel: { resource: vehicleModelResource },
    vehicleOwner: { resource: ownerResource, options: ownerOptions },
    driver: { resource: driverResource, options: driverOptions },
    markerType: { resource: markerTypeResource },
    markerPoint: { resource: markerPointResource, options: markerPointOptions },
  },
});
