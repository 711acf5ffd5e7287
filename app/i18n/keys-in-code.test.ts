/**
 * Every key the code names literally has a text in both languages, and reaches the browser with the chunk that shows
 * it. `tsc` checks most keys already; this scan also covers the ones that get past it (a cast, a message sent as a
 * string) and what `tsc` cannot see: a key of a screen bundle (app/i18n/screen/, a domain's texts/) shown by a component whose chunk never
 * registers that bundle, which the server renders right and the browser, once hydrated, shows bare (`flows.title` on
 * /tenantConfig). Keys built at run time are checked where they are asked: test runs fail on a page that misses one
 * (app/i18n/missing-texts.ts).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { SCREENS } from "~/modules/screens/registry";
import { actionsOf } from "~/modules/system/role.resource";
import { LANGUAGES } from "./index";
import { resources, shellResources } from "./resources";

const APP = join(__dirname, "..");
type Tree = { [key: string]: string | Tree };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === __dirname ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.(test|d)\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The node at a dotted path, if any. */
function at(tree: Tree | undefined, path: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return node;
}

function leaves(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`)));
}

/** Whether a key names a text (a plural names its forms); a key built at run time, known by its start, must start some. */
function names(tree: Tree | undefined, key: string, built = false): boolean {
  if (!tree) return false;
  if (built) return leaves(tree).some((k) => k.startsWith(key));
  return typeof at(tree, key) === "string" || typeof at(tree, `${key}_other`) === "string";
}

const NAMESPACES = Object.keys(resources["zh-CN"]);
const nsTree = (lng: (typeof LANGUAGES)[number], ns: string) => (resources[lng] as unknown as Record<string, Tree>)[ns];

/** A module an import names, as a path without its extension: `~/…` from app/, `./…` from the importing file. */
const resolveImport = (from: string, spec: string) => (spec.startsWith("~/") ? join(APP, spec.slice(2)) : join(dirname(from), spec)).replace(/\.tsx?$/, "");

/**
 * The screen bundles: the house's (app/i18n/screen/<file>.ts) and the domains' (app/modules/<domain>/texts/<ns>.ts,
 * beside their texts/<ns>.<language>.ts): the namespace each joins and its Chinese texts.
 */
const BUNDLE_FILES = [
  ...readdirSync(join(__dirname, "screen")).map((f) => join(__dirname, "screen", f)),
  ...readdirSync(join(APP, "modules")).flatMap((domain) => {
    const dir = join(APP, "modules", domain, "texts");
    return existsSync(dir) ? readdirSync(dir).filter((f) => !/\.(zh-CN|en-US)\.ts$/.test(f)).map((f) => join(dir, f)) : [];
  }),
];
const SCREEN_BUNDLES = await Promise.all(
  BUNDLE_FILES.map(async (path) => {
    const source = readFileSync(path, "utf8");
    const ns = /screenTexts\("([^"]+)"/.exec(source)?.[1];
    const zhFile = /import zh from "([^"]+)"/.exec(source)?.[1];
    const constant = /export const (\w+) = screenTexts/.exec(source)?.[1];
    if (!ns || !zhFile || !constant) throw new Error(`${relative(APP, path)}: expected screenTexts(ns, zh, en) exported as a constant`);
    const texts = ((await import(/* @vite-ignore */ `${resolveImport(path, zhFile)}.ts`)) as { default: Tree }).default;
    return { module: path.replace(/\.ts$/, ""), ns, constant, texts };
  }),
);

interface Use {
  file: string;
  line: number;
  /** as written: "key" or "ns:key"; for a key built at run time, its start ("state." of `state.${x}`) */
  key: string;
  built: boolean;
  /** the namespaces the t() looks in, in order */
  namespaces: string[];
}

/** The t() calls of a file whose key is written out (or starts written out), with the namespaces each looks in. */
function usesIn(path: string, file: string, source: string): { uses: Use[]; imported: Set<string> } {
  const imported = new Set([...source.matchAll(/from "([~.][^"]*)"/g)].map((m) => resolveImport(path, m[1]!)));
  const constants = new Map(SCREEN_BUNDLES.filter((b) => imported.has(b.module)).map((b) => [b.constant, b.ns]));
  const nsOf = (arg: string): string | undefined => (/^"([^"]+)"$/.exec(arg)?.[1] ?? constants.get(arg));
  // the t functions useTranslation binds in this file: `const { t } = useTranslation(NS)`, `const { t: tr, i18n } = useTranslation(["a", B])`
  const bound = new Map<string, string[]>();
  for (const m of source.matchAll(/const \{([^}]*)\} = useTranslation\(([^)]*)\)/g)) {
    const name = /(?:^|,)\s*t(?:\s*:\s*(\w+))?\s*(?:,|$)/.exec(m[1]!);
    if (!name) continue;
    const args = m[2]!.trim().replace(/^\[|\]$/g, "");
    const namespaces = args === "" ? ["common"] : args.split(",").map((a) => nsOf(a.trim()));
    if (namespaces.some((n) => n === undefined)) throw new Error(`${file}: useTranslation(${m[2]}) names a namespace this scan cannot resolve`);
    const t = name[1] ?? "t";
    bound.set(t, [...new Set([...(bound.get(t) ?? []), ...(namespaces as string[])])]);
  }
  const uses: Use[] = [];
  const lineOf = (index: number) => source.slice(0, index).split("\n").length;
  for (const [t, namespaces] of bound) {
    for (const m of source.matchAll(new RegExp(`(?<![\\w.])${t}\\(\\s*(?:"([^"]+)"|\`([^\`$]*)(\\$\\{)?)(\\s*,\\s*\\{[^}]*\\bns: "(\\w+)")?`, "g"))) {
      // t("back", { ns: "common" }) looks in the namespace it names
      uses.push({ file, line: lineOf(m.index), key: m[1] ?? m[2]!, built: m[3] !== undefined, namespaces: m[5] ? [m[5]] : namespaces });
    }
  }
  // i18n.t("ns:key") names its namespace (or means common)
  for (const m of source.matchAll(/\bi18n(?:ext)?\.t\(\s*"([^"]+)"/g)) uses.push({ file, line: lineOf(m.index), key: m[1]!, built: false, namespaces: ["common"] });
  return { uses, imported };
}

const FILES = sourceFiles(APP).map((path) => ({ path, file: relative(join(APP, ".."), path), source: readFileSync(path, "utf8") }));

describe("keys named in the code", () => {
  const all = FILES.flatMap(({ path, file, source }) => {
    const { uses, imported } = usesIn(path, file, source);
    return uses.map((u) => ({ ...u, imported }));
  });

  it("are found in the code (the scan still reads it)", () => {
    expect(all.length).toBeGreaterThan(1000);
    expect(all.filter((u) => u.built).length).toBeGreaterThan(20);
  });

  /** Where a key is looked up: its own namespace when it names one, else each of the t()'s in turn. */
  const lookups = (u: Use) => {
    const colon = u.key.indexOf(":");
    return colon > 0 && NAMESPACES.includes(u.key.slice(0, colon)) ? [{ ns: u.key.slice(0, colon), key: u.key.slice(colon + 1) }] : u.namespaces.map((ns) => ({ ns, key: u.key }));
  };

  it("name a text in both languages", () => {
    const missing = all.filter((u) => !LANGUAGES.every((lng) => lookups(u).some(({ ns, key }) => names(nsTree(lng, ns), key, u.built))));
    expect(missing.map((u) => `${u.file}:${u.line} ${u.key} (in ${lookups(u).map((l) => l.ns).join(", ")})`)).toEqual([]);
  });

  it("reach the browser with the chunk that shows them: a screen bundle's key only where that bundle is imported", () => {
    const unreachable = all.flatMap((u) => {
      const found = lookups(u).find(({ ns, key }) => names(nsTree("zh-CN", ns), key, u.built));
      if (!found) return [];
      const inShell = names((shellResources["zh-CN"] as unknown as Record<string, Tree>)[found.ns], found.key, u.built);
      if (inShell) return [];
      const bundles = SCREEN_BUNDLES.filter((b) => b.ns === found.ns && names(b.texts, found.key, u.built));
      if (bundles.some((b) => u.imported.has(b.module))) return [];
      return [`${u.file}:${u.line} ${found.ns}:${found.key} comes with ${bundles.map((b) => `~/${relative(APP, b.module)} (${b.constant})`).join(" or ")}, which the file does not use`];
    });
    expect(unreachable).toEqual([]);
  });
});

describe("message keys written as strings", () => {
  // field errors and refusals travel as strings ("validation.required", "system:role.inUse") and useMessage shows a
  // string that names no text as it is: a key with a typo would reach the user bare
  // a function code ("tempCrane:approve") is written the same way: a screen's permission code and one of its actions
  const isFunctionCode = (s: string) => SCREENS.some((screen) => actionsOf(screen.privis).some((a) => s === `${screen.privis}:${a.key}`));
  const messages = FILES.flatMap(({ file, source }) =>
    [...source.matchAll(/"((?:validation|settingsCheck)\.[\w.]+|([a-zA-Z]+):[a-zA-Z][\w.]*)(?:\|[^"]*)?"/g)]
      .filter((m) => (m[2] === undefined || NAMESPACES.includes(m[2])) && !isFunctionCode(m[1]!))
      .map((m) => ({ file, line: source.slice(0, m.index).split("\n").length, key: m[1]! })),
  );

  it("name a text in both languages", () => {
    expect(messages.length).toBeGreaterThan(50);
    const missing = messages.filter(({ key }) => {
      const colon = key.indexOf(":");
      const [ns, path] = colon > 0 ? [key.slice(0, colon), key.slice(colon + 1)] : ["common", key];
      return !LANGUAGES.every((lng) => names(nsTree(lng, ns), path));
    });
    expect(missing.map((m) => `${m.file}:${m.line} ${m.key}`)).toEqual([]);
  });
});
