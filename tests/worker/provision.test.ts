import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makeTenant, ORIGIN, signIn } from "./helpers";
import { ingestPost, makeVehicle, terminalNo } from "./telematics";

async function provision(cookie: string | null, body: unknown) {
  const res = await SELF.fetch(`${ORIGIN}/api/device/provision`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { code: number; message?: string; data?: { created: number; updated: number; rejected: { index: number; message: string }[] } } };
}

const auth = (no: string, secret: string) => ingestPost("/ingest/v1/auth", { terminalNo: no, secret });

describe("POST /api/device/provision", () => {
  it("registers new terminals that can then sign in, and refuses each bad one with its reason", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    const good = terminalNo();
    const taken = await makeVehicle((await makeTenant()).tenantId);
    const res = await provision(cookie, {
      terminals: [
        { terminalNo: good, plate: " 沪B10001 ", secret: "a-long-secret-0001" },
        { terminalNo: "SHORT", plate: "沪B10002", secret: "a-long-secret-0002" },
        { terminalNo: terminalNo(), plate: "沪B10003", secret: "short" },
        { terminalNo: taken.terminalNo, plate: "沪B10004", secret: "a-long-secret-0004" },
        "not an object",
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.data!.created).toBe(1);
    expect(res.json.data!.rejected.map((r) => [r.index, r.message])).toEqual([
      [1, "terminalNo must be 10 letters or digits"],
      [2, "secret must be 16 to 128 characters"],
      [3, "this terminal number is already in use"],
      [4, "each terminal must be an object {terminalNo, plate, secret}"],
    ]);
    expect((await auth(good, "a-long-secret-0001")).status).toBe(200);
    // the other account's terminal keeps its own secret
    expect((await auth(taken.terminalNo, taken.secret)).status).toBe(200);
  });

  it("resets an existing terminal's secret: the new one signs in, the old one no longer does", async () => {
    const t = await makeTenant();
    const v = await makeVehicle(t.tenantId);
    const cookie = await signIn(t.account, t.password);
    const res = await provision(cookie, { terminals: [{ terminalNo: v.terminalNo, plate: "ignored", secret: "a-brand-new-secret-9" }] });
    expect(res.json.data).toMatchObject({ created: 0, updated: 1, rejected: [] });
    expect((await auth(v.terminalNo, v.secret)).status).toBe(401);
    expect((await auth(v.terminalNo, "a-brand-new-secret-9")).status).toBe(200);
  });

  it("refuses an empty or oversized list, a visitor without a session, and a read-only user", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    expect((await provision(cookie, { terminals: [] })).status).toBe(400);
    expect((await provision(cookie, "{not json")).json.message).toMatch(/terminals must be a list of 1 to 500/);
    const many = Array.from({ length: 501 }, () => ({ terminalNo: terminalNo(), plate: "x", secret: "a-long-secret-0001" }));
    expect((await provision(cookie, { terminals: many })).status).toBe(400);
    expect((await provision(null, { terminals: [] })).status).toBe(401);
    const viewer = await makeTenant({ role: "viewer" });
    const refused = await provision(await signIn(viewer.account, viewer.password), { terminals: [{ terminalNo: terminalNo(), plate: "x", secret: "a-long-secret-0001" }] });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("权限不足！");
  });
});
