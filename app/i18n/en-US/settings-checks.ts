// The settings screens' own refusals (enterprise info, tenant, map, page and mail settings), joined into the "common"
// namespace by the settings page's chunk (app/i18n/screen/settings-checks.ts): no other page carries them.
export default {
  settingsCheck: {
    offlineAlarm: "The offline alarm must be 0, or at least the offline time",
    retention: "History must be kept at least as long as the recent track kept online",
    logo: "Upload a JPEG or PNG image of your company as the logo",
    hours: "Enter a whole number from 1 to 72",
    styleUrl: "The style URL must start with https:// or mapbox://",
    tileUrl: "The tile URL must start with https:// and contain {z}, {x} and {y}",
    zoom: "The zoom must be between 3 and 18",
    mapboxToken: "Mapbox needs a token starting with pk.",
    tiandituKey: "Tianditu needs its key",
    customBase: "A custom base map needs a tile URL or a style URL",
    geocoderUrl: "Enter the Nominatim URL, starting with http:// or https://",
    geocoderKey: "The chosen place search service needs its key",
    quickMenus: "Choose at most 5 quick menus",
    subjectPrefix: "The subject prefix can be at most 20 characters",
    recipients: "Enter valid e-mail addresses separated by commas",
    recipientsMax: "At most 10 recipients",
    recipientsNone: "Enter and save the recipients first",
  },
} as const;
