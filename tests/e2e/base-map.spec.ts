import { expect, test, type Page } from "@playwright/test";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { database, prefer, signedIn } from "./support";

test.use({ storageState: signedIn("admin") });

/**
 * A local Nominatim-compatible provider answering recorded responses (trimmed to what the proxy reads), in both
 * languages. The app's Worker calls it; nothing reaches the internet.
 */
const RECORDED = {
  "zh-CN": {
    search: [{ place_id: 1, lat: "31.2317", lon: "121.4726", display_name: "人民广场, 黄浦区, 上海市, 200003, 中国", name: "人民广场", place_rank: 25 }],
    reverse: { place_id: 2, lat: "31.2304", lon: "121.4737", display_name: "人民大道, 黄浦区, 上海市, 200003, 中国" },
  },
  "en-US": {
    search: [{ place_id: 1, lat: "31.2317", lon: "121.4726", display_name: "People's Square, Huangpu District, Shanghai, 200003, China", name: "People's Square", place_rank: 25 }],
    reverse: { place_id: 2, lat: "31.2304", lon: "121.4737", display_name: "People's Avenue, Huangpu District, Shanghai, 200003, China" },
  },
};
let provider: Server;
let providerUrl = "";
const providerCalls: string[] = [];

test.beforeAll(async () => {
  provider = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    providerCalls.push(url.pathname);
    const lang = url.searchParams.get("accept-language") === "en-US" ? "en-US" : "zh-CN";
    const body = url.pathname === "/search" ? (/人民|people/i.test(url.searchParams.get("q") ?? "") ? RECORDED[lang].search : []) : url.pathname === "/reverse" ? RECORDED[lang].reverse : null;
    res.writeHead(body ? 200 : 404, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body ?? { error: "not found" }));
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  // if a test stopped half-way, the demo tenant's map settings still go back to the defaults for the other tests
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await database().execute("delete from tenant_settings where key = 'map' and tenant_id = (select tenant_id from users where login_account = 'admin' limit 1)");
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  await new Promise((resolve) => provider.close(resolve));
});

const TEXTS = {
  "zh-CN": { notice: "未配置在线底图", configure: "前往地图配置", askAdmin: "请联系管理员", unreachable: "在线底图无法加载", pick: "地图选点", dialog: "地图选点", search: "搜索地点", query: "人民广场", address: "地址", reversed: "人民大道, 黄浦区, 上海市, 200003, 中国", confirm: "确定" },
  "en-US": { notice: "No online base map is configured", configure: "Open Map Settings", askAdmin: "Ask an administrator", unreachable: "The online base map cannot be reached", pick: "Pick on map", dialog: "Pick a location on the map", search: "Search places", query: "People", address: "Address", reversed: "People's Avenue, Huangpu District, Shanghai, 200003, China", confirm: "OK" },
} as const;

/** Saves /mapConfig through its form, as an administrator would. */
async function saveMapConfig(page: Page, values: { basemap?: string; geocoder?: string; geocoderUrl?: string }) {
  await prefer(page, "zh-CN");
  await page.goto("/mapConfig");
  const form = page.getByTestId("settings-form");
  if (values.basemap) await form.locator('select[name="basemap"]').selectOption(values.basemap);
  if (values.geocoder) await form.getByLabel("地点搜索服务").selectOption(values.geocoder);
  if (values.geocoderUrl !== undefined) await form.getByLabel("Nominatim 地址").fill(values.geocoderUrl);
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("操作成功！")).toBeVisible();
}

for (const lang of ["zh-CN", "en-US"] as const) {
  const x = TEXTS[lang];

  test(`${lang}: with no online base map, each map says so in place, with a link to the map settings for administrators only`, async ({ page, browser }) => {
    await prefer(page, lang);
    for (const path of ["/equipmentMonitor", "/fenceManage"]) {
      await page.goto(path);
      await expect(page.locator("[data-map-state=ready]").first()).toBeVisible({ timeout: 30_000 });
      const notice = page.getByTestId("base-map-notice");
      await expect(notice).toContainText(x.notice);
      await expect(notice.getByRole("link", { name: x.configure })).toHaveAttribute("href", "/mapConfig");
    }
    await page.getByTestId("base-map-notice").getByRole("link", { name: x.configure }).click();
    await expect(page).toHaveURL(/\/mapConfig$/);

    // a dispatcher cannot change the settings: the notice says whom to ask instead
    const dispatcher = await browser.newContext({ storageState: signedIn("dispatcher") });
    await prefer(dispatcher, lang);
    const other = await dispatcher.newPage();
    await other.goto("/equipmentMonitor");
    const notice = other.getByTestId("base-map-notice");
    await expect(notice).toContainText(x.askAdmin);
    await expect(notice.getByRole("link")).toHaveCount(0);
    await dispatcher.close();
  });
}

test("place search and reverse geocoding in the map picker through the local provider, in both languages; a base that cannot be reached says so", async ({ page }) => {
  await saveMapConfig(page, { geocoder: "nominatim", geocoderUrl: providerUrl });

  for (const lang of ["zh-CN", "en-US"] as const) {
    const x = TEXTS[lang];
    await prefer(page, lang);
    await page.goto("/deviceList/markers?new=1");
    const form = page.getByTestId("resource-form");
    await form.getByRole("button", { name: x.pick }).click();
    const dialog = page.getByRole("dialog", { name: x.dialog });
    await expect(dialog.locator("[data-map-state=ready]")).toBeVisible({ timeout: 30_000 });

    // autocomplete: typing lists the provider's places; choosing one sets the marker, the point and the address
    const search = dialog.getByRole("combobox", { name: x.search });
    await search.fill(x.query);
    const option = dialog.getByRole("option").first();
    await expect(option).toContainText(lang === "zh-CN" ? "人民广场" : "People's Square");
    await option.click();
    await expect(dialog.getByTestId("map-picker-marker")).toBeVisible();
    await expect(dialog.getByTestId("map-picker-readout")).toContainText("121.4726");
    await expect(dialog.getByLabel(x.address)).toHaveValue(lang === "zh-CN" ? "人民广场, 黄浦区, 上海市, 200003, 中国" : "People's Square, Huangpu District, Shanghai, 200003, China");

    // a click elsewhere sets the point and the reverse-geocoded address
    const box = (await dialog.getByRole("region", { name: x.dialog }).boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.6);
    await expect(dialog.getByLabel(x.address)).toHaveValue(x.reversed);
    await dialog.getByRole("button", { name: x.confirm }).click();
    await expect(dialog).toBeHidden();
    await expect(form.getByLabel(x.address, { exact: true })).toHaveValue(x.reversed);
  }
  expect(providerCalls).toContain("/search");
  expect(providerCalls).toContain("/reverse");

  // the provider down: the address stays typable and the dialog says why nothing came back
  await new Promise((resolve) => provider.close(resolve));
  await prefer(page, "zh-CN");
  await page.goto("/deviceList/markers?new=1");
  await page.getByTestId("resource-form").getByRole("button", { name: "地图选点" }).click();
  const dialog = page.getByRole("dialog", { name: "地图选点" });
  await expect(dialog.locator("[data-map-state=ready]")).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole("combobox", { name: "搜索地点" }).fill("外滩");
  await expect(dialog.getByTestId("place-search-status")).toHaveText("地点搜索服务暂时不可用，请手动填写地址。");
  await dialog.getByLabel("地址").fill("上海市外滩");
  await expect(dialog.getByLabel("地址")).toHaveValue("上海市外滩");

  // an online base whose tiles cannot be loaded (no internet here) is named as such, not left as an empty canvas
  await page.route("https://tile.openstreetmap.org/**", (route) => route.abort());
  await saveMapConfig(page, { basemap: "osm" });
  await page.goto("/equipmentMonitor");
  await expect(page.getByTestId("base-map-notice")).toContainText(TEXTS["zh-CN"].unreachable);
  await expect(page.locator(".maplibregl-ctrl-attrib")).toContainText("OpenStreetMap");
  await saveMapConfig(page, { basemap: "offline", geocoder: "none" });
});
