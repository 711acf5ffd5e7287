import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { FORM_MAX_BYTES, FORM_MAX_FIELDS, FORM_MAX_ROWS } from "../../app/lib/posted-form";
import { registeredResources } from "../../app/modules/resource/registry.server";
import worker from "../../workers/app";
import type { Env } from "../../workers/env";
import { makeTenant, ORIGIN, signIn } from "./helpers";

// Issue 38: a posted field name allocated without bound (`contacts[4294967294].name=1` held an isolate for minutes
// and stalled every other request), hostile names answered 500, and a viewer's body was parsed before the intent's
// permission was checked. Every registered form is walked here with the attacks: each must be refused (400, 413
// for size) within a second, and the server must still sign in normally right after.

/** A second is the promise; the fixed server answers in milliseconds. */
const FAST_MS = 1000;

/**
 * A POST handed to the Worker's own fetch handler (the same routing and build as SELF.fetch, without the pool's
 * per-request proxy that makes hundreds of SELF requests ever slower: see hostile-search.test.ts).
 */
async function post(path: string, body: BodyInit, cookie: string, headers: Record<string, string> = {}): Promise<{ res: Response; ms: number }> {
  const started = Date.now();
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: ORIGIN, Host: "localhost", "Accept-Language": "zh-CN,zh;q=0.9", "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...headers },
    body,
    // a stream needs it
    duplex: "half",
  } as RequestInit);
  const res = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env as unknown as Env, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { res: new Response(text, res), ms: Date.now() - started };
}

async function getPage(path: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${ORIGIN}${path}`) as Request<unknown, IncomingRequestCfProperties>, env as unknown as Env, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { status: res.status, ms: Date.now() - started };
}

/** Field names that made the parse allocate without bound, touch a prototype or throw (the issue's, and their kin). */
const HOSTILE_NAMES: [string, string][] = [
  ["a huge index", "x[100000000]=1"],
  ["an index near 2³²", "contacts[4294967294].name=1"],
  ["a row index just past the limit", "lines[500].qty=1"],
  ["__proto__", "__proto__.polluted=1"],
  ["constructor.prototype", "constructor.prototype.x=1"],
  ["prototype", "lines[0].prototype=1"],
  ["a negative index", "lines[-1].x=1"],
  ["a non-canonical index", "lines[01].x=1"],
  ["a gap between rows", "lines[0].a=1&lines[2].a=1"],
  ["deep nesting", "a.b.c.d.e.f.g=1"],
  ["bad syntax", "a[b]=1"],
];
const MANY_FIELDS = Array.from({ length: FORM_MAX_FIELDS + 1 }, (_, i) => `f${i}=1`).join("&");
const OVERSIZE = `note=${"a".repeat(FORM_MAX_BYTES)}`;

/** Screens whose list is an index route: a form posts to it with `?index`. */
const INDEX_ROUTES = new Set(["/contractBillReport", "/contractList", "/deviceList", "/overdueContract", "/applicationManage", "/customerresearch"]);
/**
 * The walk posts as the running app does (single fetch, `<path>.data`): the refusal is the same, and no error page is
 * rendered for each of the hundreds of attacks.
 */
const dataPath = (path: string) => {
  const [pathname, search] = path.split("?");
  const query = [INDEX_ROUTES.has(pathname!) ? "index" : "", search ?? ""].filter(Boolean).join("&");
  return `${pathname}.data${query ? `?${query}` : ""}`;
};

let admin: string;
let viewer: string;

beforeAll(async () => {
  const a = await makeTenant({ role: "admin" });
  const v = await makeTenant({ role: "viewer" });
  // one after the other: the file's first request imports the Remix build (workers/app.ts), which the pool loads as that
  // request's I/O; a second request at once waits on the same import and workerd cancels it as hung
  admin = await signIn(a.account, a.password);
  viewer = await signIn(v.account, v.password);
});

/** The contract document's 添加设备 as posted before the page's JavaScript (Conform's insert intent). */
const ADD_LINE = `__intent__=${encodeURIComponent(JSON.stringify({ type: "insert", payload: { name: "lines" } }))}`;

describe("the issue's attacks", () => {
  it("a customer with contacts[4294967294] is refused at once, and sign-in still answers", async () => {
    const { res, ms } = await post("/customerContract", "intent=create&name=x&contacts[4294967294].name=1", admin);
    expect(res.status).toBe(400);
    expect(ms).toBeLessThan(FAST_MS);
    const login = await getPage("/login");
    expect(login.status).toBe(200);
    expect(login.ms).toBeLessThan(FAST_MS);
  });

  it("the contract document's row button with lines[1000000000] is refused at once", async () => {
    const { res, ms } = await post("/contractList/form?new=1", `${ADD_LINE}&lines[1000000000].monthly=1`, admin);
    expect(res.status).toBe(400);
    expect(ms).toBeLessThan(FAST_MS);
  });

  it("the document's row button stops at the last row a form may post, and keeps what was typed", async () => {
    const rows = Array.from({ length: FORM_MAX_ROWS }, (_, i) => `lines[${i}].monthly=${i + 1}`).join("&");
    const { res } = await post(dataPath("/contractList/form?new=1"), `${ADD_LINE}&name=keep-me&${rows}`, admin);
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain("contracts:tooManyRows|500");
    // the 500 rows come back as posted (the last one with its rent), not one more
    expect(text).toContain("keep-me");
    expect(text).toContain(`"${FORM_MAX_ROWS}"`);
  });

  it("the viewer's column choice with x[100000000] is refused at once", async () => {
    const { res, ms } = await post("/contractBillReport?index", "intent=columns&order=&x[100000000]=1", viewer);
    expect(res.status).toBe(400);
    expect(ms).toBeLessThan(FAST_MS);
  });

  it("the viewer's write intent is refused for its permission before its names are read", async () => {
    // were the names read first, this would be the 400 of the huge index
    const { res, ms } = await post("/contractBillReport?index", "intent=create&x[100000000]=1&__proto__.x=1", viewer);
    expect(res.status).toBe(403);
    expect(ms).toBeLessThan(FAST_MS);
  });

  it("a stranger's body is never read: no session, no form parse (sent to the sign-in page)", async () => {
    const { res } = await post("/customerContract", OVERSIZE, "");
    expect(res.status).toBe(302);
  });

  it("the refusal says why, in the user's language", async () => {
    const zh = await post("/customerContract", "intent=create&contacts[600].name=1", admin);
    expect(zh.res.status).toBe(400);
    expect(await zh.res.text()).toContain("提交的明细行过多（上限 500 行）。");
    const en = await post("/customerContract", "intent=create&contacts[600].name=1", `${admin}; derrick_lang=en-US`, { "Accept-Language": "en-US" });
    expect(en.res.status).toBe(400);
    expect(await en.res.text()).toContain("The form has too many rows (at most 500).");
  });

  it("a chunked body (no Content-Length) is counted as it streams and refused past the limit", async () => {
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode("intent=create&note="));
        // 64 MB if nobody stops reading
        if (sent++ < 1024) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const { res, ms } = await post("/customerContract", stream, admin);
    expect(res.status).toBe(413);
    expect(ms).toBeLessThan(FAST_MS);
    expect(sent).toBeLessThan(100);
  });
});

describe("every registered form refuses hostile names, huge indexes, too many fields and an oversize body", () => {
  const forms: { name: string; path: string; intent: string }[] = [
    ...Object.entries(registeredResources()).map(([name, { resource }]) => ({ name, path: resource.view.path, intent: resource.view.readOnly ? "columns" : "create" })),
    { name: "the contract document's plan button", path: "/contractList/form?new=1", intent: "rows:generatePlan" },
    { name: "the contract document's save", path: "/contractList/form?new=1", intent: "createDoc" },
    { name: "the approval flows", path: "/tenantConfig/approvals", intent: "save" },
  ];

  it.each(forms)("$name ($path, $intent)", async ({ path: screen, intent }) => {
    const path = dataPath(screen);
    const answers: string[] = [];
    for (const [label, body] of HOSTILE_NAMES) {
      const { res, ms } = await post(path, `intent=${intent}&kind=fence&${body}`, admin);
      answers.push(`${label}: ${res.status}${ms >= FAST_MS ? ` after ${ms} ms` : ""}`);
    }
    const many = await post(path, `intent=${intent}&${MANY_FIELDS}`, admin);
    answers.push(`too many fields: ${many.res.status}${many.ms >= FAST_MS ? ` after ${many.ms} ms` : ""}`);
    const big = await post(path, `intent=${intent}&${OVERSIZE}`, admin);
    answers.push(`oversize: ${big.res.status}${big.ms >= FAST_MS ? ` after ${big.ms} ms` : ""}`);
    expect(answers).toEqual([...HOSTILE_NAMES.map(([label]) => `${label}: 400`), "too many fields: 400", "oversize: 413"]);
  });
});

describe("the forms read without structure are bounded too (one reader for every call site)", () => {
  const signedIn = ["/alarmMessage", "/equipmentMonitor", "/manageWork", "/api/visitLog/save", "/contractBillReport/bill?id=1", "/contractBillReport/statement?id=1", "/overdueContract/contract?id=1", "/mapConfig", "/settings"];
  const anonymous = ["/login", "/loginAdmin", "/api/login", "/resetPassword", "/settings"];
  const cases = [...signedIn.map((path) => ({ path, who: "admin" as const })), ...anonymous.map((path) => ({ path, who: "nobody" as const }))];

  it.each(cases)("$path ($who)", async ({ path, who }) => {
    const cookie = who === "admin" ? admin : "";
    const many = await post(path, `intent=x&${MANY_FIELDS}`, cookie);
    const big = await post(path, `intent=x&${OVERSIZE}`, cookie);
    const named = await post(path, "intent=x&__proto__.polluted=1&lines[4294967294].x=1", cookie);
    expect([many.res.status, big.res.status, named.res.status < 500]).toEqual([400, 413, true]);
    expect(Math.max(many.ms, big.ms, named.ms)).toBeLessThan(FAST_MS);
  });
});
