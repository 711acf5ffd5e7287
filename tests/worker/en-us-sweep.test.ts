/**
 * Every built screen in English: the demo administrator opens each screen of the registry, with the demo tenant's
 * business seeded as `npm start` has it, the pages its tabs and
 * documents lead to and each list's form for a new row, with `derrick_lang=en-US`. A page fails when, once the data is
 * taken out, Chinese is left (a text not translated), when it shows a key instead of a text (`flows.title`), or when
 * it asked for a key that names no text. The same pages in Chinese must not miss a text either.
 *
 * Data is what the database holds: every text of every table (JSON values by their strings), taken out of the page's
 * texts wherever it occurs, longest first. Menu names are a translation kept in the database (each row has its
 * English name), not data, except on /routerPath, where they are the rows being edited. Form values (inputs,
 * textareas) and scripts (the loader data) are not shown text.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { resources } from "../../app/i18n/resources";
import { SCREENS } from "../../app/modules/screens/registry";
import { DEMO_USERS } from "../../db/seed/demo-identity";
import { seedDemoBusiness } from "../../db/seed/demo-business";
import { db, missingTextsOf, signIn, workerFetch } from "./helpers";

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
/** The language switch names the other language in that language, as switches do. */
const LANGUAGE_NAMES = new Set(["中文", "Language: 中文"]);
/** Tables whose texts are shown on these screens as the rows being edited, and elsewhere translated. */
const DATA_ON_SCREEN: Record<string, string[]> = { "/routerPath": ["menus"] };
const TRANSLATED_TABLES = ["menus"];

/** Pages that are not screens of the registry: tabs of a screen, and documents opened from a list (ids filled in below). */
const MORE_PAGES = [
  "/alarmMgr/rules",
  "/customerresearch/questions",
  "/deviceList/drivers",
  "/deviceList/markerTypes",
  "/deviceList/markers",
  "/deviceList/models",
  "/deviceList/owners",
  "/tenantConfig/approvals",
  "/tenantConfig/contractPdf",
  "/outbox",
  "/contractBillReport/statement?id={statement}",
  "/contractBillReport/bill?id={bill}",
  "/contractList/form?new=1",
  "/contractList/form?id={contract}",
  "/overdueContract/contract?id={contract}",
  "/deviceDetails?id={vehicle}",
  "/applicationManage/form?id={application}",
  "/lockCarManage?lock=1",
  "/lockCarManage?view={lockTask}",
  "/lockCarManage/records",
  "/lockCarManage/records?emergency=1",
  "/lockCarManage/records?view={lockedVehicle}",
  "/lockCarManage/packages",
  "/lockCarManage/packages?upload=1",
  "/lockCarManage/upgrades",
  "/lockCarManage/upgrades?task=new",
  "/lockCarManage/upgrades?view={otaTask}",
];

async function one<T>(sql: string, ...args: unknown[]): Promise<T> {
  const row = await env.DB.prepare(sql).bind(...args).first<T>();
  if (!row) throw new Error(`the demo seed has no row for: ${sql}`);
  return row;
}

/** The texts of the given tables' rows (all tables but the excluded), longest first. */
async function dataTexts(exclude: string[]): Promise<string[]> {
  const tables = await env.DB.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not like 'd1_%'").all<{ name: string }>();
  const texts = new Set<string>();
  const add = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(add);
    else if (v && typeof v === "object") Object.values(v).forEach(add);
    else if (typeof v === "string" && HAN.test(v)) {
      if (/^[[{]/.test(v)) {
        try {
          return add(JSON.parse(v));
        } catch {
          // a text that only starts like JSON
        }
      }
      for (const line of v.split("\n")) if (line.trim()) texts.add(line.trim());
    }
  };
  for (const { name } of tables.results) {
    if (exclude.includes(name)) continue;
    for (const row of (await env.DB.prepare(`select * from "${name}"`).all()).results) Object.values(row).forEach(add);
  }
  return [...texts].sort((a, b) => b.length - a.length);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, e: string) => (e.startsWith("#x") ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith("#") ? String.fromCodePoint(Number(e.slice(1))) : (ENTITIES[e] ?? whole)));

/** What a page shows: its text (the title too) and the texts of title, placeholder, aria-label and alt; not scripts, styles or form values. */
function shownTexts(html: string): string[] {
  const page = html
    .replace(/<(script|style|textarea)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "");
  const texts = page.split(/<[^>]*>/).map((s) => decode(s).trim());
  for (const m of page.matchAll(/\s(?:title|placeholder|aria-label|alt)="([^"]*)"/g)) texts.push(decode(m[1]!).trim());
  return texts.filter(Boolean);
}

/** A text that is a key of the resources ("flows.title", "workflow:flows.title"): a t() that found no text, or a key shown as a label. */
const KEY_HEADS = new Set(Object.values(resources["zh-CN"]).flatMap((ns) => Object.keys(ns)));
function isKey(text: string): boolean {
  const m = /^(?:(\w+):)?([a-zA-Z_]\w*)(?:\.[\w-]+)+$/.exec(text);
  return m !== null && ((m[1] !== undefined && m[1] in resources["zh-CN"]) || KEY_HEADS.has(m[2]!));
}

/** The pages to open: every built screen, its tabs and documents, and (found on the pages) each list's form for a new row. */
async function pages() {
  const { id: tenantId } = await one<{ id: number }>("select id from tenants where code = 'demo'");
  const ids: Record<string, number> = {
    vehicle: (await one<{ id: number }>("select id from vehicles where tenant_id = ? order by id", tenantId)).id,
    contract: (await one<{ id: number }>("select id from contracts where tenant_id = ? order by id", tenantId)).id,
    bill: (await one<{ id: number }>("select id from bills where tenant_id = ? order by id", tenantId)).id,
    statement: (await one<{ id: number }>("select id from statements where tenant_id = ? order by id", tenantId)).id,
    application: (await one<{ id: number }>("select id from app_applications where tenant_id = ? order by id", tenantId)).id,
    lockTask: (await one<{ id: number }>("select id from lock_tasks where tenant_id = ? and state = 1 order by id", tenantId)).id,
    lockedVehicle: (await one<{ id: number }>("select vehicle_id as id from lock_emergencies where tenant_id = ? order by id", tenantId)).id,
    otaTask: (await one<{ id: number }>("select id from ota_tasks where tenant_id = ? order by id desc", tenantId)).id,
  };
  const screens = SCREENS.filter((s) => s.status === "built").map((s) => ({ path: s.path.replace(":id", String(ids.vehicle)), open: s.layout === "open" }));
  return [...screens, ...MORE_PAGES.map((p) => ({ path: p.replace(/\{(\w+)\}/g, (_, k: string) => String(ids[k])), open: false }))];
}

async function open(path: string, cookie: string) {
  const res = await workerFetch(path, { headers: { Cookie: cookie } });
  return { status: res.status, location: res.headers.get("Location"), missing: missingTextsOf(res), html: await res.text() };
}

async function sweep(lang: "en-US" | "zh-CN", check: (path: string, html: string) => string[]) {
  const session = await signIn(DEMO_USERS.admin.account, DEMO_USERS.admin.password);
  const problems: string[] = [];
  const queue = await pages();
  const seen = new Set<string>();
  for (const { path, open: isOpen } of queue) {
    if (seen.has(path)) continue;
    seen.add(path);
    const page = await open(path, `${isOpen ? "" : `${session}; `}derrick_lang=${lang}`);
    // a page of its own address elsewhere (/contractList?new=1 opens the contract form)
    if (page.status === 302 && page.location?.startsWith("/")) {
      queue.push({ path: page.location, open: isOpen });
      continue;
    }
    if (page.status !== 200) {
      problems.push(`${path}: answered ${page.status}`);
      continue;
    }
    const found = [...page.missing.map((k) => `no text for ${k}`), ...check(path, page.html)];
    if (found.length) problems.push(`${path}: ${found.join(" | ")}`);
    // a list's form for a new row opens in a drawer of its own address
    const base = path.split("?")[0]!;
    if (page.html.includes(`href="${base}?new=1"`)) queue.push({ path: `${base}?new=1`, open: false });
  }
  return { problems, opened: seen.size };
}

describe("every built screen", () => {
  // the demo tenant as `npm start` has it: fleet, contracts, bills, statements… (the setup seeds its users and menus)
  beforeAll(() => seedDemoBusiness(db()), 300_000);

  it("in English shows no Chinese but names and data, no bare key, and misses no text", async () => {
    const data = await dataTexts(TRANSLATED_TABLES);
    const dataOn: Record<string, string[]> = {};
    for (const [path, tables] of Object.entries(DATA_ON_SCREEN)) dataOn[path] = await dataTexts(TRANSLATED_TABLES.filter((t) => !tables.includes(t)));
    const { problems, opened } = await sweep("en-US", (path, html) => {
      const known = dataOn[path.split("?")[0]!] ?? data;
      const left = new Set<string>();
      for (const text of shownTexts(html)) {
        if (isKey(text)) left.add(`key ${text}`);
        if (!HAN.test(text) || LANGUAGE_NAMES.has(text)) continue;
        let rest = text;
        for (const d of known) if (rest.includes(d)) rest = rest.split(d).join(" ");
        if (HAN.test(rest)) left.add(text);
      }
      return [...left];
    });
    expect(opened).toBeGreaterThan(100);
    expect(problems).toEqual([]);
    // more than a hundred pages, the first of them paying for the build's import: past the 30 s a test gets by default
  }, 120_000);

  it("in Chinese misses no text and shows no bare key", async () => {
    const { problems } = await sweep("zh-CN", (_, html) => shownTexts(html).filter(isKey).map((k) => `key ${k}`));
    expect(problems).toEqual([]);
  });
});
