import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { checkFieldNames, FORM_MAX_FIELDS, readForm } from "./posted-form.server";

const post = (body: BodyInit, headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" }) =>
  new Request("http://localhost/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("checkFieldNames", () => {
  it("accepts the names our forms post: plain, repeated, lines 0…n, nested keys, a trailing []", () => {
    expect(checkFieldNames(["intent", "name", "menus", "menus", "lines[0].sku", "lines[1].sku", "lines[1].qty", "settings.map.type", "tags[]", "bills[0].on", "steps[0].approver", "lines[499].a", ...Array.from({ length: 499 }, (_, i) => `lines[${i}].a`)])).toBeNull();
  });

  it.each([
    ["x[100000000]", "rowIndex"],
    ["contacts[4294967294].name", "rowIndex"],
    ["lines[500].a", "rowIndex"],
    ["__proto__.polluted", "fieldName"],
    ["constructor.prototype.x", "fieldName"],
    ["a.prototype", "fieldName"],
    ["lines[-1].x", "fieldName"],
    ["lines[01].x", "fieldName"],
    ["a[b]", "fieldName"],
    ["a..b", "fieldName"],
    [".a", "fieldName"],
    ["a[]b", "fieldName"],
    ["a.b.c.d.e.f.g", "fieldName"],
    ["n".repeat(201), "fieldName"],
  ])("refuses %s (%s)", (name, reason) => {
    expect(checkFieldNames([name])).toBe(reason);
  });

  it("refuses a list whose rows have a gap, at any depth", () => {
    expect(checkFieldNames(["lines[0].a", "lines[2].a"])).toBe("rowGap");
    expect(checkFieldNames(["lines[1].a"])).toBe("rowGap");
    expect(checkFieldNames(["lines[0].sub[0]", "lines[0].sub[3]"])).toBe("rowGap");
  });
});

describe("readForm", () => {
  it("reads a form once per request", async () => {
    const request = post("a=1&b=2");
    const [first, second] = [await readForm(request), await readForm(request)];
    expect(first).toBe(second);
    expect(first.get("b")).toBe("2");
  });

  it("answers 413 past the limit, declared or streamed, and 400 for too many fields or no form", async () => {
    await expect(readForm(post("a=12345"), { maxBytes: 4 })).rejects.toMatchObject({ status: 413 });
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode("a=1234"));
        c.enqueue(new TextEncoder().encode("5678"));
        c.close();
      },
    });
    await expect(readForm(post(stream), { maxBytes: 8 })).rejects.toMatchObject({ status: 413 });
    await expect(readForm(post(Array.from({ length: FORM_MAX_FIELDS + 1 }, () => "a=1").join("&")))).rejects.toMatchObject({ status: 400 });
    await expect(readForm(post("a=1", { "Content-Type": "text/plain" }))).rejects.toMatchObject({ status: 400 });
  });
});

describe("one reader for every form", () => {
  const ROOT = join(__dirname, "..", "..");
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return sources(path);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
    });

  it("no file of app/ or workers/ reads a request's form but the bounded reader", () => {
    const found = ["app", "workers"]
      .flatMap((d) => sources(join(ROOT, d)))
      .filter((file) => !file.endsWith("posted-form.server.ts"))
      .flatMap((file) => readFileSync(file, "utf8").split("\n").flatMap((line, i) => (/\.formData\(\)/.test(line) ? [`${relative(ROOT, file)}:${i + 1}`] : [])));
    expect(found).toEqual([]);
  });
});
