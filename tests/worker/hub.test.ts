import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HUB_TENANT_HEADER, HUB_USER_HEADER, hubFor } from "../../workers/fleet-hub/fleet-hub";
import type { ServerMessage } from "../../workers/fleet-hub/protocol";
import { makeTenant, ORIGIN, signIn } from "./helpers";

/** Opens /hub as a browser would and collects what the hub sends. */
async function openHub(cookie: string | null, query = "") {
  const res = await SELF.fetch(`${ORIGIN}/hub${query}`, { headers: { Upgrade: "websocket", ...(cookie ? { Cookie: cookie } : {}) } });
  const ws = res.webSocket;
  const received: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  if (ws) {
    ws.accept();
    ws.addEventListener("message", (e) => {
      received.push(JSON.parse(e.data as string) as ServerMessage);
      waiters.splice(0).forEach((w) => w());
    });
  }
  const next = async (type: ServerMessage["type"]) => {
    for (let i = 0; i < 50; i++) {
      const found = received.find((m) => m.type === type);
      if (found) {
        received.splice(received.indexOf(found), 1);
        return found;
      }
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
    throw new Error(`no ${type} message`);
  };
  return { res, ws, next, received };
}

describe("FleetHub over /hub", () => {
  it("refuses a visitor without a session", async () => {
    const { res } = await openHub(null);
    expect(res.status).toBe(401);
  });

  it("accepts a signed-in user, subscribes, and broadcasts a published message", async () => {
    const t = await makeTenant({ role: "dispatcher" });
    const cookie = await signIn(t.account, t.password);
    const a = await openHub(cookie);
    const b = await openHub(cookie);
    expect(a.res.status).toBe(101);
    expect(await a.next("hello")).toEqual({ type: "hello", tenantId: t.tenantId, userId: t.userId });
    await b.next("hello");
    a.ws!.send(JSON.stringify({ type: "subscribe", topics: ["fleet:counts"] }));
    b.ws!.send(JSON.stringify({ type: "subscribe", topics: ["other"] }));
    expect(await a.next("subscribed")).toEqual({ type: "subscribed", topics: ["fleet:counts"] });
    await b.next("subscribed");

    const delivered = await hubFor(env, t.tenantId).publish("fleet:counts", { online: 3 });
    expect(delivered).toBe(1);
    const event = await a.next("event");
    expect(event).toMatchObject({ type: "event", topic: "fleet:counts", payload: { online: 3 } });
    expect(b.received.some((m) => m.type === "event")).toBe(false);

    a.ws!.send("garbage");
    expect(await a.next("error")).toEqual({ type: "error", message: "invalid message" });
    a.ws!.close(1000);
    b.ws!.close(1000);
  });

  it("refuses a user of another tenant asking for this tenant's hub", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const cookieB = await signIn(b.account, b.password);
    const { res } = await openHub(cookieB, `?tenant=${a.tenantId}`);
    expect(res.status).toBe(403);
    // and the hub itself refuses a socket for another tenant, whoever forwards it
    await (await openHub(await signIn(a.account, a.password))).ws?.close(1000);
    const direct = await hubFor(env, a.tenantId).fetch(
      new Request(`${ORIGIN}/hub`, { headers: { Upgrade: "websocket", [HUB_USER_HEADER]: String(b.userId), [HUB_TENANT_HEADER]: String(b.tenantId) } }),
    );
    expect(direct.status).toBe(403);
  });
});
