import { expect, test } from "@playwright/test";
import { database, prefer, screenshot, signedIn, type Lang } from "./support";

// Galleries: screens in both languages and both themes at the widths they were mended for, for people to look at
// after a UI change (`npm run screenshots`, into tests/e2e/screenshots/<gallery>/). They assert nothing the suite
// does not: what these screens must show, and that the page never scrolls sideways, is checked in their specs and in
// rough-edges.spec.ts's sweep of every built screen.
test.use({ storageState: signedIn("admin") });

type Shot = {
  /** the screen's address, or how to find it (a row of the demo's) */
  path: string | (() => Promise<string>);
  /** the file's name in the gallery's folder, before `-<width>-<lang>-<theme>` */
  file: string;
  /** a test id that is on screen once the screen is drawn */
  ready?: string;
  fullPage?: boolean;
  /** only at these widths (all of the gallery's when not given) */
  widths?: number[];
};

type Gallery = { name: string; sizes: { width: number; height: number }[]; shots: Shot[] };

const LANGS: Lang[] = ["zh-CN", "en-US"];

/** The demo's 宝山搅拌站 sign-in point opened in its form. */
const signPointForm = async () => `/signManagement?edit=${String((await database().execute("select id from sign_points where name = '宝山搅拌站'")).rows[0]!.id)}`;

const GALLERIES: Gallery[] = [
  {
    // issue 24 §4: the screens its walk through every screen mended
    name: "rough-edges",
    sizes: [
      { width: 1280, height: 620 },
      { width: 1920, height: 1080 },
    ],
    shots: ["/alarmMessage", "/deviceList", "/outbox", "/bussinessinfo", "/pageConfig", "/routerPath", "/equipmentMonitor"].map((path) => ({ path, file: path.slice(1) })),
  },
  {
    name: "contract-docs",
    sizes: [{ width: 1280, height: 900 }],
    shots: [
      { path: "/contractEquipmentCost", file: "costs", ready: "cost-margins", fullPage: true },
      { path: "/tenantConfig/contractPdf", file: "template" },
    ],
  },
  {
    name: "rent",
    sizes: [{ width: 1280, height: 800 }],
    shots: [
      { path: "/quickSchedule", file: "board", ready: "schedule-board" },
      { path: "/outcarRecord", file: "outcar", ready: "trip-calendar", fullPage: true },
    ],
  },
  {
    name: "visits",
    sizes: [{ width: 1280, height: 800 }],
    shots: [
      { path: "/customerVisit", file: "visits" },
      { path: "/customerresearch", file: "research", ready: "survey-figures", fullPage: true },
      { path: "/customerresearch?new=1", file: "survey-form", ready: "score-fields" },
    ],
  },
  {
    name: "settlements",
    sizes: [
      { width: 1280, height: 900 },
      { width: 1920, height: 900 },
    ],
    shots: ["/contractClear", "/clearOvertimeManage", "/contractClearRecord"].map((path) => ({ path, file: path.slice(1), fullPage: true })),
  },
  {
    name: "sign-management",
    sizes: [
      { width: 1280, height: 720 },
      { width: 1920, height: 1080 },
    ],
    shots: [
      { path: "/signManagement", file: "list" },
      { path: signPointForm, file: "form", ready: "sign-in-map", widths: [1280] },
    ],
  },
];

for (const gallery of GALLERIES) {
  test(`${gallery.name}: ${gallery.shots.length} screens at ${gallery.sizes.map((s) => s.width).join(" and ")} wide, both languages and both themes`, async ({ page }) => {
    test.setTimeout(240_000);
    for (const size of gallery.sizes) {
      await page.setViewportSize(size);
      for (const lang of LANGS) {
        for (const theme of ["light", "dark"] as const) {
          await prefer(page, lang, theme);
          for (const shot of gallery.shots.filter((s) => !s.widths || s.widths.includes(size.width))) {
            await page.goto(typeof shot.path === "string" ? shot.path : await shot.path());
            await expect(page.locator("html")).toHaveAttribute("lang", lang);
            if (shot.ready) await expect(page.getByTestId(shot.ready)).toBeVisible();
            // a picture of the settled screen: its map tiles, charts and lists loaded
            await page.waitForLoadState("networkidle").catch(() => undefined);
            await screenshot(page, `${gallery.name}/${shot.file}-${size.width}-${lang}-${theme}`, { fullPage: shot.fullPage });
          }
        }
      }
    }
  });
}
