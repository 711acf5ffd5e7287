import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { get, makeTenant, postForm, signIn } from "./helpers";

/**
 * The geocoding proxy (/api/geo/search, /api/geo/reverse) against fake providers answering recorded responses. The
 * Worker runs in this isolate, so its outbound fetch to the fake hosts is answered here; nothing reaches the internet.
 */
const NOMINATIM = "https://nominatim.fake.test";
const RECORDED = {
  // Nominatim jsonv2, trimmed to the fields the proxy reads (place_rank 8 is a state or province, 16 a city)
  search: {
    人民广场: [{ place_id: 1, lat: "31.2317", lon: "121.4726", display_name: "人民广场, 黄浦区, 上海市, 200003, 中国", name: "人民广场", place_rank: 25, addresstype: "square" }],
    浙江: [{ place_id: 2, lat: "29.0001", lon: "120.0003", display_name: "浙江省, 中国", name: "浙江省", place_rank: 8, addresstype: "province" }],
    苏州: [{ place_id: 3, lat: "31.2990", lon: "120.5853", display_name: "苏州市, 江苏省, 中国", name: "苏州市", place_rank: 16, addresstype: "city" }],
  } as Record<string, unknown[]>,
  reverse: { place_id: 4, lat: "31.2304", lon: "121.4737", display_name: "人民大道, 黄浦区, 上海市, 200003, 中国" },
  // Amap Web Service: inputtips in GCJ-02 (人民广场's WGS-84 point shifted by the GCJ-02 offset)
  amapTips: { status: "1", info: "OK", count: "1", tips: [{ id: "B00155L3EL", name: "人民广场", district: "上海市黄浦区", adcode: "310101", location: "121.478223,31.228458", address: "人民大道120号", typecode: "110105" }] },
};

type Fake = { calls: URL[]; down: boolean };
let fake: Fake;
const realFetch = globalThis.fetch;

beforeEach(() => {
  fake = { calls: [], down: false };
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== "nominatim.fake.test" && url.hostname !== "restapi.amap.com") return realFetch(input, init);
    fake.calls.push(url);
    if (fake.down) return new Response("upstream down", { status: 502 });
    if (url.hostname === "restapi.amap.com") return Response.json(url.searchParams.get("key") === "amap-secret-key-123" ? RECORDED.amapTips : { status: "0", info: "INVALID_USER_KEY" });
    if (url.pathname === "/search") return Response.json(RECORDED.search[url.searchParams.get("q") ?? ""] ?? []);
    if (url.pathname === "/reverse") return Response.json(RECORDED.reverse);
    return new Response("not found", { status: 404 });
  });
});
afterEach(() => vi.restoreAllMocks());

const MAP_FORM = { basemap: "offline", tiandituKey: "", mapboxToken: "", styleUrl: "", tileUrl: "", attribution: "", coordinateSystem: "wgs84", centerLng: "121.47", centerLat: "31.23", zoom: "10", geocoder: "none", geocoderKey: "", geocoderUrl: "", geocoderPerMinute: "60", version: "0" };

/** A new tenant whose administrator saved /mapConfig with these place-search settings (none when null). */
async function tenantWith(geo: Partial<typeof MAP_FORM> | null) {
  const t = await makeTenant({ role: "admin" });
  const cookie = await signIn(t.account, t.password);
  if (geo) expect((await postForm("/mapConfig", { ...MAP_FORM, ...geo }, { Cookie: cookie })).status).toBe(302);
  return { ...t, cookie };
}
const search = (cookie: string, q: string) => get(`/api/geo/search?q=${encodeURIComponent(q)}`, cookie);
const reverse = (cookie: string, lng: number, lat: number) => get(`/api/geo/reverse?lng=${lng}&lat=${lat}`, cookie);
const body = async (res: Response) => (await res.json()) as { code: number; message?: string; data: unknown };
/** Keeps a test's calls inside one rate-limit minute. */
async function awayFromMinuteEnd() {
  const into = Date.now() % 60_000;
  if (into > 55_000) await new Promise((r) => setTimeout(r, 60_050 - into));
}

describe("geocoding proxy", () => {
  it("answers place search in WGS-84 with the kind of place (zoom 7 / 11 / 16), and a repeated query from the cache", async () => {
    const a = await tenantWith({ geocoder: "nominatim", geocoderUrl: NOMINATIM });
    const res = await search(a.cookie, "人民广场");
    expect(res.status).toBe(200);
    expect((await body(res)).data).toEqual([{ name: "人民广场", address: "人民广场, 黄浦区, 上海市, 200003, 中国", lng: 121.4726, lat: 31.2317, level: "place" }]);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.searchParams.get("accept-language")).toBe("zh-CN");
    expect(((await body(await search(a.cookie, "浙江"))).data as { level: string }[])[0]!.level).toBe("province");
    expect(((await body(await search(a.cookie, "苏州"))).data as { level: string }[])[0]!.level).toBe("city");
    expect(fake.calls).toHaveLength(3);

    // the same query again (other spacing) is not sent to the provider
    const again = await search(a.cookie, "  人民广场 ");
    expect(((await body(again)).data as { name: string }[])[0]!.name).toBe("人民广场");
    expect(fake.calls).toHaveLength(3);
  });

  it("answers a click's address by reverse geocoding, cached to about a metre, and refuses points that are not WGS-84 degrees", async () => {
    const a = await tenantWith({ geocoder: "nominatim", geocoderUrl: `${NOMINATIM}/` });
    const res = await reverse(a.cookie, 121.473701, 31.230416);
    expect(await body(res)).toEqual({ code: 200, data: { address: "人民大道, 黄浦区, 上海市, 200003, 中国" } });
    expect(fake.calls[0]!.pathname).toBe("/reverse");
    await reverse(a.cookie, 121.473702, 31.230417);
    expect(fake.calls).toHaveLength(1);
    for (const q of ["lng=181&lat=31", "lng=121&lat=", "lng=abc&lat=31"]) expect((await get(`/api/geo/reverse?${q}`, a.cookie)).status).toBe(400);
    expect((await search(a.cookie, "")).status).toBe(400);
    expect((await search(a.cookie, "路".repeat(101))).status).toBe(400);
  });

  it("limits each tenant's calls to its provider per minute; cached answers and other tenants are not held back", async () => {
    await awayFromMinuteEnd();
    const a = await tenantWith({ geocoder: "nominatim", geocoderUrl: NOMINATIM, geocoderPerMinute: "2" });
    const b = await tenantWith({ geocoder: "nominatim", geocoderUrl: NOMINATIM, geocoderPerMinute: "2" });
    expect((await search(a.cookie, "人民广场")).status).toBe(200);
    expect((await search(a.cookie, "浙江")).status).toBe(200);
    const refused = await search(a.cookie, "苏州");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await body(refused)).toEqual({ code: 429, message: "rateLimited", data: [] });
    expect((await reverse(a.cookie, 121.47, 31.23)).status).toBe(429);
    expect(fake.calls).toHaveLength(2);
    // what is cached still answers
    expect((await search(a.cookie, "浙江")).status).toBe(200);
    // another tenant has its own count (and its own cache: its first query goes to the provider)
    expect((await search(b.cookie, "苏州")).status).toBe(200);
    expect((await search(b.cookie, "人民广场")).status).toBe(200);
    expect(fake.calls).toHaveLength(4);
  });

  it("answers softly when the provider fails, caching nothing, and answers again once it is back", async () => {
    const a = await tenantWith({ geocoder: "nominatim", geocoderUrl: NOMINATIM });
    fake.down = true;
    const failed = await search(a.cookie, "人民广场");
    expect(failed.status).toBe(503);
    expect(await body(failed)).toEqual({ code: 503, message: "unavailable", data: [] });
    expect(await body(await reverse(a.cookie, 121.47, 31.23))).toEqual({ code: 503, message: "unavailable", data: { address: null } });
    fake.down = false;
    expect(((await body(await search(a.cookie, "人民广场"))).data as unknown[]).length).toBe(1);
    // a refused key is a failure too, said the same way
    const wrongKey = await tenantWith({ geocoder: "amap", geocoderKey: "amap-wrong-key" });
    expect(await body(await search(wrongKey.cookie, "人民广场"))).toEqual({ code: 503, message: "unavailable", data: [] });
  });

  it("keeps the provider's key on the server: never in a response, the map settings or the settings page", async () => {
    const a = await tenantWith({ geocoder: "amap", geocoderKey: "amap-secret-key-123" });
    const res = await search(a.cookie, "人民广场");
    const text = await res.text();
    expect(res.status).toBe(200);
    // Amap answers GCJ-02; the proxy answers WGS-84 (within a metre of 人民广场's surveyed point)
    const [place] = (JSON.parse(text) as { data: { lng: number; lat: number; address: string }[] }).data;
    expect(place!.lng).toBeCloseTo(121.4737, 4);
    expect(place!.lat).toBeCloseTo(31.2304, 4);
    expect(place!.address).toBe("上海市黄浦区人民大道120号");
    // the key went to the provider, and nowhere else
    expect(fake.calls[0]!.searchParams.get("key")).toBe("amap-secret-key-123");
    expect(text).not.toContain("amap-secret-key-123");
    const config = await (await get("/api/map/config", a.cookie)).text();
    expect(config).not.toContain("amap-secret-key-123");
    expect(JSON.parse(config).data).toMatchObject({ geocoder: true, base: "offline" });
    for (const page of ["/mapConfig", "/equipmentMonitor", "/deviceList/markers?new=1"]) expect(await (await get(page, a.cookie)).text()).not.toContain("amap-secret-key-123");
    // the cache key is a digest: the stored settings hold the key, nothing else does
    const stored = await env.DB.prepare("select value from tenant_settings where tenant_id = ? and key = 'map'").bind(a.tenantId).first<{ value: string }>();
    expect(JSON.parse(stored!.value).geocoderKey).toBe("amap-secret-key-123");
  });

  it("answers only signed-in users, each with their own tenant's provider and answers", async () => {
    expect((await search("", "人民广场")).status).toBe(401);
    expect((await reverse("", 121.47, 31.23)).status).toBe(401);
    const a = await tenantWith({ geocoder: "nominatim", geocoderUrl: NOMINATIM });
    expect((await search(a.cookie, "人民广场")).status).toBe(200);
    // a tenant without a provider gets nothing from the other's cache or provider
    const none = await tenantWith(null);
    const refused = await search(none.cookie, "人民广场");
    expect(refused.status).toBe(503);
    expect(await body(refused)).toEqual({ code: 503, message: "notConfigured", data: [] });
    expect(fake.calls).toHaveLength(1);
    // any signed-in user of a tenant may search (every form's map picker), not only administrators
    const viewer = await makeTenant({ role: "viewer" });
    const viewerCookie = await signIn(viewer.account, viewer.password);
    expect((await search(viewerCookie, "人民广场")).status).toBe(503);
    expect((await get("/mapConfig", viewerCookie)).status).toBe(403);
  });

  it("refuses an incomplete provider on /mapConfig in both languages", async () => {
    const t = await makeTenant({ role: "admin" });
    const cookie = await signIn(t.account, t.password);
    const zh = await (await postForm("/mapConfig", { ...MAP_FORM, basemap: "tianditu", geocoder: "nominatim" }, { Cookie: cookie })).text();
    expect(zh).toContain("使用天地图底图时须填写天地图密钥");
    expect(zh).toContain("请填写 http:// 或 https:// 开头的 Nominatim 地址");
    const en = await (await postForm("/mapConfig", { ...MAP_FORM, basemap: "custom", geocoder: "amap" }, { Cookie: `${cookie}; derrick_lang=en-US` })).text();
    expect(en).toContain("A custom base map needs a tile URL or a style URL");
    expect(en).toContain("The chosen place search service needs its key");
  });
});
