// Reverse geocoding for a click on a map picker, through the tenant's provider (app/modules/geo).
export { geoReverseLoader as loader } from "~/modules/geo/geo-routes.server";
