import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SESSION_CACHE_MS } from "../../app/modules/auth/session.server";
import { get, makeTenant, postForm, signIn } from "./helpers";

// A write made past this isolate (another isolate of the Worker, an operator's SQL): the user is disabled.
const disableElsewhere = (userId: number) => env.DB.prepare("update users set state = 0 where id = ?").bind(userId).run();

/** A new user, signed in, who has just read a page (so the isolate holds the session). */
async function signedIn() {
  const t = await makeTenant();
  const cookie = await signIn(t.account, t.password);
  expect((await get("/manageWork", cookie)).status).toBe(200);
  return { userId: t.userId, cookie };
}

function expectSentToSignIn(res: Response) {
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toMatch(/^\/login/);
}

describe("the session cache", () => {
  it("lets a user another isolate disabled read pages for at most SESSION_CACHE_MS, and never act", async () => {
    const { userId, cookie } = await signedIn();
    await disableElsewhere(userId);
    // the page is answered from the session read a moment ago: no round trip to the database
    expect((await get("/manageWork", cookie)).status).toBe(200);

    // an action always reads the database, so the disabled user is refused (and sent to sign in)
    expectSentToSignIn(await postForm("/userManage", { intent: "columns", order: "loginAccount", visible: "loginAccount" }, { Cookie: cookie }));
    // and the action emptied the cache: the next page is refused too
    expectSentToSignIn(await get("/manageWork", cookie));
  });

  it("lets go of a session after SESSION_CACHE_MS without any action in between", async () => {
    const { userId, cookie } = await signedIn();
    await disableElsewhere(userId);
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 200));
    expectSentToSignIn(await get("/manageWork", cookie));
  });

  it("refuses a signed-out cookie on the very next page of the isolate that signed it out", async () => {
    const { cookie } = await signedIn();
    expect((await postForm("/logout", {}, { Cookie: cookie })).status).toBe(302);
    expectSentToSignIn(await get("/manageWork", cookie));
  });

  it("shows a saved setting on the next page", async () => {
    const { cookie } = await signedIn();
    const before = await (await get("/userManage", cookie)).text();
    expect(before).toContain('value="email"');
    const saved = await postForm("/userManage", { intent: "columns", order: "loginAccount,userName", visible: "loginAccount" }, { Cookie: cookie });
    expect(saved.status).toBe(302);
    const after = await (await get("/userManage", cookie)).text();
    expect(after).not.toMatch(/<th scope="col"[^>]*>(?:<a[^>]*>)?用户名/);
  });
});
