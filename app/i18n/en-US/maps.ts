import type { Translation } from "../types";
import type zh from "../zh-CN/maps";

export default {
  notice: {
    offline: "No online base map is configured: the map shows only borders and coastlines, no streets or place names.",
    unreachable: "The online base map cannot be reached (no connection or an invalid key): the map shows only borders and coastlines.",
    configure: "Open Map Settings",
    askAdmin: "Ask an administrator to set a base map in Map Settings.",
    dismiss: "Dismiss",
  },
  search: {
    label: "Search places",
    placeholder: "Type a place or an address",
    searching: "Searching…",
    empty: "No matching places",
    count: "{{count}} places found; use the up and down keys, Enter to choose",
    notConfigured: "Place search is not configured; please type the address.",
    unavailable: "Place search is unavailable right now; please type the address.",
    rateLimited: "Too many lookups; please try again in a minute.",
  },
  reverse: {
    looking: "Looking up the address…",
    none: "No address is known at this point; please type it.",
    unavailable: "Address lookup is unavailable right now; please type the address.",
    rateLimited: "Too many lookups; please type the address or try again in a minute.",
  },
  signIn: {
    pick: "Set sign-in location",
    title: "Sign-in location",
    infoTitle: "Sign-in location",
    radius: "Sign-in range",
    radiusPlaceholder: "Select",
    metres: "{{count}} m",
    address: "Address",
    lng: "Longitude",
    lat: "Latitude",
    none: "No sign-in location yet",
    summary: "{{address}} (radius {{radius}} m)",
    hint: "Click the map or search for a place to set the sign-in location, and drag the marker to adjust; the circle is the sign-in range",
    cancel: "Cancel",
    confirm: "OK",
    marker: "Sign-in location",
    rangeInvalid: "Choose a sign-in range",
    pointRequired: "Set the sign-in location",
  },
} satisfies Translation<typeof zh>;
