import type { Translation } from "../types";
import type zh from "../zh-CN/widgets-map";

export default {
  mapPicker: {
    pick: "Pick on map",
    title: "Pick a location on the map",
    lng: "Longitude",
    lat: "Latitude",
    address: "Address",
    hint: "Click the map to choose a location and drag the marker to adjust; arrow keys move it a little (more with Shift), Enter confirms, Esc cancels",
    selected: "Selected: longitude {{longitude}}, latitude {{latitude}} (WGS-84)",
    none: "No location chosen yet",
    noGeocoder: "Address lookup is not configured; please type the address",
    marker: "Selected location",
    cancel: "Cancel",
    confirm: "OK",
    configFailed: "The map settings could not be loaded; please try again",
    errors: {
      required: "Enter the longitude and latitude, or choose the location with Pick on map",
      lng: "The longitude must be between -180 and 180, with at most 6 decimals",
      lat: "The latitude must be between -90 and 90, with at most 6 decimals",
      address: "The address cannot be longer than 100 characters",
    },
  },
  map: {
    label: "Map",
    loading: "Loading the map…",
    failed: "The map could not load. Check the map settings or the connection, then reload.",
    draw: {
      polygon: "Polygon",
      rectangle: "Rectangle",
      circle: "Circle",
      line: "Route",
      hintPolygon: "Click to add corners; double-click or Enter to finish; Backspace removes the last; Esc cancels",
      hintRectangle: "Click one corner, then the opposite corner; Esc cancels",
      hintCircle: "Click the centre, move, then click to set the radius (at most 10,000 m); Esc cancels",
      hintLine: "Click to add route points; double-click or Enter to finish; Backspace removes the last; Esc cancels",
      radius: "Radius {{m}} m",
      tooLarge: "The radius cannot exceed 10,000 m",
    },
  },
} satisfies Translation<typeof zh>;
