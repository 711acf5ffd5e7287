// Search text on its way to SQLite (search.ts, containing()): bounded, cleaned and escaped in one path. D1's own
// LIKE limit is checked in the Worker (tests/worker/hostile-search.test.ts); libSQL here allows longer patterns.
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { beforeAll, describe, expect, it } from "vitest";
import { containing } from "~/modules/resource/resource.server";
import { ftsPhrase, LIKE_PATTERN_MAX_BYTES, likePattern, SEARCH_MAX_CHARS, searchText } from "./search";

const bytes = (s: string) => new TextEncoder().encode(s).length;

describe("searchText", () => {
  it("trims, and removes percent signs (spec §5) and control characters", () => {
    expect(searchText("  张三 ")).toBe("张三");
    expect(searchText("a%b%%")).toBe("ab");
    expect(searchText("\u0000abc")).toBe("abc");
    const controls = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join("") + "\u007f";
    expect(searchText(`a${controls}b`)).toBe("ab");
    expect(searchText("\t\n\r")).toBe("");
    expect(searchText("%")).toBe("");
  });
  it("keeps what is text: _ \\ quotes, FTS syntax, letters beyond ASCII", () => {
    for (const text of ["a_b", "a\\b", "O'Brien", 'say "hi"', '"abc', "a*", "NEAR(a b)", "abc OR", "abc AND def", "-abc", "^abc", "col:abc", "é字😀"]) expect(searchText(text)).toBe(text);
  });
  it("cuts a long search to SEARCH_MAX_CHARS characters, never inside a character", () => {
    expect(searchText("a".repeat(60))).toBe("a".repeat(SEARCH_MAX_CHARS));
    expect(searchText("张".repeat(60))).toBe("张".repeat(SEARCH_MAX_CHARS));
    const emoji = searchText("😀".repeat(60));
    expect(Array.from(emoji)).toHaveLength(SEARCH_MAX_CHARS);
    expect(emoji).toBe("😀".repeat(SEARCH_MAX_CHARS));
    // a cut that ends in a space ends trimmed
    expect(searchText(`${"a".repeat(49)} b`)).toBe("a".repeat(49));
    // the cap counts what is left after cleaning
    expect(searchText(`${"%".repeat(100)}abc`)).toBe("abc");
  });
  it("changes nothing the second time", () => {
    for (const raw of ["  a%b\u0000 ", "张".repeat(70), `${"x".repeat(49)} \u0001y`, "😀".repeat(51)]) expect(searchText(searchText(raw))).toBe(searchText(raw));
  });
});

describe("likePattern", () => {
  it("wraps the text in % and escapes \\, % and _ with a backslash", () => {
    expect(likePattern("abc")).toBe("%abc%");
    expect(likePattern("a_b")).toBe("%a\\_b%");
    expect(likePattern("50%")).toBe("%50\\%%");
    expect(likePattern("a\\b")).toBe("%a\\\\b%");
    expect(likePattern("\\%_")).toBe("%\\\\\\%\\_%");
    expect(likePattern("O'Brien \"x\"")).toBe("%O'Brien \"x\"%");
  });
  it("answers null for a pattern past D1's limit, counting UTF-8 bytes with the % and escapes", () => {
    expect(LIKE_PATTERN_MAX_BYTES).toBe(50);
    expect(likePattern("a".repeat(48))).toBe(`%${"a".repeat(48)}%`);
    expect(likePattern("a".repeat(49))).toBeNull();
    // 3 bytes a CJK character: 16 fit, 17 do not
    expect(bytes(likePattern("张".repeat(16))!)).toBe(50);
    expect(likePattern("张".repeat(17))).toBeNull();
    // each escape costs a byte
    expect(likePattern("_".repeat(24))).not.toBeNull();
    expect(likePattern("_".repeat(25))).toBeNull();
    expect(likePattern("😀".repeat(12))).not.toBeNull();
    expect(likePattern("😀".repeat(13))).toBeNull();
  });
});

describe("ftsPhrase", () => {
  it("quotes the search as one FTS5 string, inner quotes doubled", () => {
    expect(ftsPhrase("abc")).toBe('"abc"');
    expect(ftsPhrase('"abc')).toBe('"""abc"');
    expect(ftsPhrase('a"b"c')).toBe('"a""b""c"');
    for (const syntax of ["a*c", "NEAR(a b)", "abc OR", "a AND b", "-abc", "^abc", "col:abc", "(((", "a + b"]) expect(ftsPhrase(syntax)).toBe(`"${syntax}"`);
  });
  it("cleans first, and answers null under three characters (the trigram index cannot)", () => {
    expect(ftsPhrase("\u0000abc")).toBe('"abc"');
    expect(ftsPhrase(" %ab% ")).toBeNull();
    expect(ftsPhrase("ab")).toBeNull();
    expect(ftsPhrase("张三丰")).toBe('"张三丰"');
    expect(ftsPhrase("😀😀")).toBeNull();
    expect(ftsPhrase("x".repeat(80))).toBe(`"${"x".repeat(SEARCH_MAX_CHARS)}"`);
  });
});

describe("the search in SQLite", () => {
  const client = createClient({ url: ":memory:" });
  const db = drizzle(client);
  const names = ["a_b", "axb", "a\\b", "a%b", "O'Brien", 'say "hi"', "ABCdef", `${"上海市浦东新区张江高科技园区碧波路"}六百九十号`, `${"上海市浦东新区张江高科技园区碧波路"}七百号`, `Long${"K".repeat(60)}`];
  beforeAll(async () => {
    await client.execute("create table t (id integer primary key, name text)");
    await client.execute("create virtual table t_search using fts5(name, content='t', content_rowid='id', tokenize='trigram')");
    for (const name of names) await client.execute({ sql: "insert into t (name) values (?)", args: [name] });
    await client.execute("insert into t_search(t_search) values ('rebuild')");
  });
  const found = async (value: string) => (await db.all<{ name: string }>(sql`select name from t where ${containing(sql`name`, value)} order by id`)).map((r) => r.name);
  const matched = async (value: string) => (await db.all<{ name: string }>(sql`select name from t where id in (select rowid from t_search where t_search match ${ftsPhrase(value)}) order by id`)).map((r) => r.name);

  it("finds rows containing the search, wildcards taken literally", async () => {
    expect(await found("a_b")).toEqual(["a_b"]);
    expect(await found("a\\b")).toEqual(["a\\b"]);
    expect(await found("O'Brien")).toEqual(["O'Brien"]);
    expect(await found('"hi"')).toEqual(['say "hi"']);
    // % is no part of a search (spec §5): "a%b" searches "ab"
    expect(await found("a%b")).toEqual(["ABCdef"]);
    expect(await found("\u0000a_b")).toEqual(["a_b"]);
  });
  it("matches a search too long for a LIKE pattern exactly, with LIKE's ASCII case folding", async () => {
    const head = "上海市浦东新区张江高科技园区碧波路";
    expect(likePattern(head)).toBeNull();
    expect(await found(head)).toHaveLength(2);
    expect(await found(`${head}七百号`)).toEqual([`${head}七百号`]);
    expect(await found("abcDEF")).toEqual(["ABCdef"]);
    expect(likePattern(`long${"k".repeat(50)}`)).toBeNull();
    expect(await found(`long${"k".repeat(50)}`)).toEqual([`Long${"K".repeat(60)}`]);
  });
  it("takes FTS5 syntax in the trigram index as text", async () => {
    expect(await matched("a_b")).toEqual(["a_b"]);
    expect(await matched('y "hi')).toEqual(['say "hi"']);
    for (const syntax of ['"abc', "ab*", "NEAR(a b)", "abc OR", "-abc", "^abc", "name:abc", "((("]) await expect(matched(syntax)).resolves.toEqual([]);
    expect(await matched("\u0000ABC")).toEqual(["ABCdef"]);
  });
});
