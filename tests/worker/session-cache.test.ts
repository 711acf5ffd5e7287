import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SESSION_CACHE_MS } from "../../app/modules/auth/session.server";
import { get, makeTenant, postForm, signIn } from "./helpers";

// A write made past this isolate (another isolate of the Worker, an operator's SQL): the user is disabled.
const disableElsewhere = (userId: number) => env.DB.prepare("update users set state = 0 where id = ?").bind(userId).run();

describe("the session cache", () => {
  it("lets a user another isolate disabled read pages for at most SESSION_CACHE_MS, and never act", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    expect((await get("/manageWork", cookie)).status).toBe(200);

    await disableElsewhere(t.userId);
    // the page is answered from the session read a moment ago: no round trip to the database
    expect((await get("/manageWork", cookie)).status).toBe(200);

    // an action always reads the database, so the disabled user is refused (and sent to sign in)
    const act = await postForm("/userManage", { intent: "columns", order: "loginAccount", visible: "loginAccount" }, { Cookie: cookie });
    expect(act.status).toBe(302);
    expect(act.headers.get("Location")).toMatch(/^\/login/);
    // and the action emptied the cache: the next page is refused too
    const page = await get("/manageWork", cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/login/);
  });

  it("lets go of a session after SESSION_CACHE_MS without any action in between", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    expect((await get("/manageWork", cookie)).status).toBe(200);
    await disableElsewhere(t.userId);
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 200));
    const page = await get("/manageWork", cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/login/);
  });

  it("refuses a signed-out cookie on the very next page of the isolate that signed it out", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    expect((await get("/manageWork", cookie)).status).toBe(200);
    expect((await postForm("/logout", {}, { Cookie: cookie })).status).toBe(302);
    const page = await get("/manageWork", cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/login/);
  });

  it("shows a saved setting on the next page", async () => {
    const t = await makeTenant();
    const cookie = await signIn(t.account, t.password);
    const before = await (await get("/userManage", cookie)).text();
    expect(before).toContain('value="email"');
    const saved = await postForm("/userManage", { intent: "columns", order: "loginAccount,userName", visible: "loginAccount" }, { Cookie: cookie });
    expect(saved.status).toBe(302);
    const after = await (await get("/userManage", cookie)).text();
    expect(after).not.toMatch(/<th scope="col"[^>]*>(?:<a[^>]*>)?用户名/);
  });
});
