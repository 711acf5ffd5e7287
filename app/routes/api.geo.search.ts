// Place search for the map pickers, through the tenant's provider (app/modules/geo; its key stays on the server).
export { geoSearchLoader as loader } from "~/modules/geo/geo-routes.server";
