import { defineView, INDEX_COLUMN, type LocationKeys, type OptionDef } from "~/lib/list/types";

/** Spec §3 marker type icons. */
export const MARKER_ICONS: OptionDef[] = [
  { value: "distributor", label: { zh: "经销商", en: "Distributor" } },
  { value: "central-store", label: { zh: "中心库", en: "Central store" } },
  { value: "repair-station", label: { zh: "维修站", en: "Repair station" } },
  { value: "gas-station", label: { zh: "加油站", en: "Gas station" } },
  { value: "parking-lot", label: { zh: "停车场", en: "Parking lot" } },
  { value: "service-station", label: { zh: "服务站", en: "Service station" } },
];

/** /deviceList/markerTypes: marker types; only the creating account may edit or delete one (spec §6). */
export const markerTypeView = defineView({
  name: "markerType",
  path: "/deviceList/markerTypes",
  screen: "/deviceList",
  permission: "deviceList",
  title: { zh: "标注点类型", en: "Marker types" },
  singular: { zh: "标注点类型", en: "marker type" },
  rowLabel: "name",
  columns: [
    INDEX_COLUMN,
    { key: "name", label: { zh: "类型名称", en: "Type name" }, sortable: true, fixed: true },
    { key: "icon", label: { zh: "图标", en: "Icon" }, type: "status", options: MARKER_ICONS },
    { key: "creatorName", label: { zh: "创建人", en: "Created by" } },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [{ key: "q", label: { zh: "类型名称", en: "Type name" }, type: "text", simple: true }],
  form: [
    { key: "name", label: { zh: "类型名称", en: "Type name" }, type: "text", required: true, maxLength: 30 },
    { key: "icon", label: { zh: "图标", en: "Icon" }, type: "select", required: true, options: MARKER_ICONS },
  ],
});

/** Where a marker point keeps its place: WGS-84 longitude and latitude, and its address. */
export const MARKER_LOCATION = { lng: "lng", lat: "lat", address: "address" } as const satisfies LocationKeys;

/** /deviceList/markers: marker points (spec §3, §5 limits); only the creating account may edit or delete one (§6). */
export const markerPointView = defineView({
  name: "markerPoint",
  path: "/deviceList/markers",
  screen: "/deviceList",
  permission: "deviceList",
  title: { zh: "标注点", en: "Marker points" },
  singular: { zh: "标注点", en: "marker point" },
  rowLabel: "name",
  columns: [
    INDEX_COLUMN,
    { key: "name", label: { zh: "标注点名称", en: "Marker name" }, sortable: true, fixed: true },
    { key: "typeName", label: { zh: "标注点类型", en: "Marker type" } },
    { key: "address", label: { zh: "地址", en: "Address" } },
    { key: "lng", label: { zh: "经度", en: "Longitude" }, type: "number" },
    { key: "lat", label: { zh: "纬度", en: "Latitude" }, type: "number" },
    { key: "contact1", label: { zh: "联系人1", en: "Contact 1" } },
    { key: "phone1", label: { zh: "电话1", en: "Phone 1" } },
    { key: "creatorName", label: { zh: "创建人", en: "Created by" } },
    { key: "createdAt", label: { zh: "创建时间", en: "Created" }, type: "datetime", sortable: true },
  ],
  filters: [{ key: "q", label: { zh: "标注点名称/地址", en: "Name or address" }, type: "text", simple: true }],
  form: [
    { key: "name", label: { zh: "标注点名称", en: "Marker name" }, type: "text", required: true, maxLength: 30 },
    { key: "typeId", label: { zh: "标注点类型", en: "Marker type" }, type: "select" },
    { key: "location", label: { zh: "位置", en: "Location" }, type: "location", required: true, keys: MARKER_LOCATION },
    { key: "contact1", label: { zh: "联系人1", en: "Contact 1" }, type: "text", maxLength: 10 },
    { key: "phone1", label: { zh: "电话1", en: "Phone 1" }, type: "tel", maxLength: 13 },
    { key: "contact2", label: { zh: "联系人2", en: "Contact 2" }, type: "text", maxLength: 10 },
    { key: "phone2", label: { zh: "电话2", en: "Phone 2" }, type: "tel", maxLength: 13 },
    { key: "remark", label: { zh: "备注", en: "Remark" }, type: "textarea", maxLength: 50 },
  ],
});
