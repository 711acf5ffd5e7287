import { describe, expect, it } from "vitest";
import { markerPointView } from "~/modules/telematics/markers.resource";
import { formInputs } from "~/lib/list/types";

describe("formInputs", () => {
  it("spreads a location field into the longitude, latitude and address it posts (Excel template, import, preview)", () => {
    const inputs = formInputs(markerPointView.form);
    expect(inputs.map((f) => f.key)).toEqual(["name", "typeId", "lng", "lat", "address", "contact1", "phone1", "contact2", "phone2", "remark"]);
    expect(inputs.find((f) => f.key === "lng")).toMatchObject({ label: { zh: "经度", en: "Longitude" }, required: true });
    expect(inputs.find((f) => f.key === "address")).toMatchObject({ label: { zh: "地址", en: "Address" }, required: false });
    expect(formInputs([{ key: "centre", label: { zh: "中心", en: "Centre" }, type: "location", keys: { lng: "centerLng", lat: "centerLat" } }]).map((f) => f.key)).toEqual(["centerLng", "centerLat"]);
  });
});
