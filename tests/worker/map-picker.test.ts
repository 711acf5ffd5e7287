import { env } from "cloudflare:test";
import { readSheet } from "read-excel-file/universal";
import { describe, expect, it } from "vitest";
import { FACTORIES } from "./factories";
import { get, makeTenant, postForm, signIn, unique } from "./helpers";

const PATH = "/deviceList/markers";

async function adminOf() {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  return { ...t, cookie, post: (fields: Record<string, string>, lang = "zh-CN") => postForm(PATH, fields, { Cookie: `${cookie}; derrick_lang=${lang}` }) };
}
type Admin = Awaited<ReturnType<typeof adminOf>>;
const markerForm = (a: Admin, over: Record<string, string>) => ({ intent: "create", ...FACTORIES.markerPoint!(a), ...over });
const byName = (name: string) => env.DB.prepare("select lng, lat, address from marker_points where name = ?").bind(name).first<{ lng: number; lat: number; address: string | null }>();
/** the <input> posting under a name, as the server rendered it */
const inputOf = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";

describe("map picker in the marker point form", () => {
  it("renders one location group of three plain inputs, and the form page loads no map code", async () => {
    const a = await adminOf();
    const html = await (await get(`${PATH}?new=1`, a.cookie)).text();
    expect(html).toMatch(/<fieldset[^>]*data-testid="map-picker"[^>]*><legend[^>]*>位置<\/legend>/);
    for (const name of ["lng", "lat", "address"]) expect(inputOf(html, name)).not.toBe("");
    expect(inputOf(html, "lng")).toContain('id="field-lng"');
    // the form drawer is loaded lazily on the client, but the server writes it in place: no pending Suspense boundary
    // (<!--$?-->) whose content only a script would reveal, so the form works without JavaScript
    expect(html).not.toContain("<!--$?-->");
    // maplibre, mapbox and the map widget come only with the picker's dialog (dynamic import); the page's own chunks
    // are listed (the list machinery's chunk, vite.config.ts)
    expect(html).toMatch(/assets\/list-[\w-]+\.js/);
    expect(html).not.toMatch(/maplibre|mapbox|map-view|map-picker-map|map-picker-dialog/);
  });

  it("stores the posted WGS-84 longitude and latitude as numbers and the address trimmed", async () => {
    const a = await adminOf();
    const name = unique("标注");
    const res = await a.post(markerForm(a, { name, lng: " 121.473701 ", lat: "31.230416", address: "  上海市黄浦区人民大道200号  " }));
    expect(res.status).toBe(302);
    expect(await byName(name)).toEqual({ lng: 121.473701, lat: 31.230416, address: "上海市黄浦区人民大道200号" });
  });

  it("refuses out-of-range, too precise, missing coordinates and long addresses in both languages, keeping what was typed", async () => {
    const a = await adminOf();
    const name = unique("标注");
    const bad = markerForm(a, { name, lng: "181", lat: "-90.5", address: "路".repeat(101) });
    const zh = await a.post(bad, "zh-CN");
    expect(zh.status).toBe(400);
    const zhHtml = await zh.text();
    expect(zhHtml).toContain("经度须在-180到180之间，最多6位小数");
    expect(zhHtml).toContain("纬度须在-90到90之间，最多6位小数");
    expect(zhHtml).toContain("地址不能超过100个字符");
    // typed values come back in the picker's inputs, marked invalid
    expect(inputOf(zhHtml, "lng")).toContain('value="181"');
    expect(inputOf(zhHtml, "lng")).toContain('aria-invalid="true"');
    expect(inputOf(zhHtml, "lat")).toContain('value="-90.5"');
    expect(inputOf(zhHtml, "name")).toContain(`value="${name}"`);

    const enHtml = await (await a.post(bad, "en-US")).text();
    expect(enHtml).toContain("The longitude must be between -180 and 180, with at most 6 decimals");
    expect(enHtml).toContain("The latitude must be between -90 and 90, with at most 6 decimals");
    expect(enHtml).toContain("The address cannot be longer than 100 characters");

    const precise = await (await a.post(markerForm(a, { name, lng: "121.4737011", lat: "31.23" }), "zh-CN")).text();
    expect(precise).toContain("经度须在-180到180之间，最多6位小数");
    const missing = await a.post(markerForm(a, { name, lng: "", lat: " " }), "en-US");
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Enter the longitude and latitude, or choose the location with Pick on map");
    expect(await byName(name)).toBeNull();
  });

  it("edits keep the stored point in the inputs; the Excel template names its three columns", async () => {
    const a = await adminOf();
    const name = unique("标注");
    expect((await a.post(markerForm(a, { name, lng: "-73.985656", lat: "40.748433" }))).status).toBe(302);
    const id = await env.DB.prepare("select id from marker_points where name = ?").bind(name).first<number>("id");
    const html = await (await get(`${PATH}?edit=${id}`, a.cookie)).text();
    expect(inputOf(html, "lng")).toContain('value="-73.985656"');
    expect(inputOf(html, "lat")).toContain('value="40.748433"');
    const template = await get("/excel/markerPoint/template", `${a.cookie}; derrick_lang=zh-CN`);
    const [header] = (await readSheet(await template.arrayBuffer())) as unknown[][];
    expect(header).toEqual(expect.arrayContaining(["*经度", "*纬度", "地址"]));
    expect(header).not.toContain("位置");
  });

  it("hands the tenant's map settings to a signed-in browser only", async () => {
    const a = await adminOf();
    const res = await get("/api/map/config", a.cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { code: number; data: { engine: string; coordinateSystem: string; center: number[] } };
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ engine: "maplibre", coordinateSystem: "wgs84" });
    expect(body.data.center).toHaveLength(2);
    expect((await get("/api/map/config")).status).toBe(401);
  });

  it("/mapConfig picks its default centre with the same picker and rules (no address)", async () => {
    const a = await adminOf();
    const html = await (await get("/mapConfig", a.cookie)).text();
    expect(html).toMatch(/<fieldset[^>]*data-testid="map-picker"[^>]*><legend[^>]*>默认中心位置<\/legend>/);
    expect(inputOf(html, "centerLng")).toContain('value="121.47"');
    expect(inputOf(html, "centerLat")).toContain('value="31.23"');
    expect(inputOf(html, "address")).toBe("");
    const fields = { engine: "maplibre", mapboxToken: "", styleUrl: "", tileUrl: "", coordinateSystem: "wgs84", zoom: "10", version: "0" };
    const bad = await postForm("/mapConfig", { ...fields, centerLng: "113.2644441", centerLat: "95" }, { Cookie: `${a.cookie}; derrick_lang=en-US` });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("The longitude must be between -180 and 180, with at most 6 decimals");
    expect(badHtml).toContain("The latitude must be between -90 and 90, with at most 6 decimals");
    expect(inputOf(badHtml, "centerLng")).toContain('value="113.2644441"');
    expect((await postForm("/mapConfig", { ...fields, centerLng: "113.264444", centerLat: "23.129112" }, { Cookie: a.cookie })).status).toBe(302);
    const stored = await env.DB.prepare("select value from tenant_settings where tenant_id = ? and key = 'map'").bind(a.tenantId).first<{ value: string }>();
    expect(JSON.parse(stored!.value)).toMatchObject({ centerLng: 113.264444, centerLat: 23.129112 });
    const config = (await (await get("/api/map/config", a.cookie)).json()) as { data: { center: number[] } };
    expect(config.data.center).toEqual([113.264444, 23.129112]);
  });
});
