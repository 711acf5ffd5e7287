import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { JOBS } from "./scheduled";

/** The crons of wrangler.toml's [triggers] section. */
function wranglerCrons(): string[] {
  const toml = readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8");
  const section = /^\[triggers\]\s*\n([\s\S]*?)(?=^\[|$(?![\s\S]))/m.exec(toml)?.[1] ?? "";
  const list = /^crons\s*=\s*\[([^\]]*)\]/m.exec(section)?.[1] ?? "";
  return [...list.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
}

describe("job registry", () => {
  it("names each job once", () => {
    const names = JOBS.map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("has wrangler.toml fire every job's crons, and no cron that runs nothing", () => {
    const declared = new Set(wranglerCrons());
    const used = new Set(JOBS.flatMap((j) => j.crons));
    expect([...used].filter((c) => !declared.has(c))).toEqual([]);
    expect([...declared].filter((c) => !used.has(c))).toEqual([]);
  });

  it("writes every cron as five fields (Cloudflare's form)", () => {
    for (const cron of JOBS.flatMap((j) => j.crons)) expect(cron.trim().split(/\s+/)).toHaveLength(5);
  });
});
