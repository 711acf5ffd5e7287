import { describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../db/seed/demo-identity";
import { SCREENS } from "../../app/modules/screens/registry";
import { get, signIn } from "./helpers";

describe("every spec route", () => {
  it("is reachable by the administrator and renders its title", async () => {
    const cookie = await signIn(DEMO_USERS.admin.account, DEMO_USERS.admin.password);
    const failures: string[] = [];
    for (const s of SCREENS.filter((x) => x.layout !== "open")) {
      const path = s.path.replace(":id", "1");
      const res = await get(path, cookie, { "Accept-Language": "zh-CN" });
      const html = await res.text();
      if (res.status !== 200 || !html.includes(s.zh)) failures.push(`${path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("renders English titles for an English browser", async () => {
    const cookie = await signIn(DEMO_USERS.admin.account, DEMO_USERS.admin.password);
    const screen = SCREENS.find((s) => s.path === "/contractList")!;
    const english = cookie.replace(/derrick_lang=[^;]*/, "derrick_lang=en-US");
    const html = await (await get("/contractList", english)).text();
    expect(html).toContain(screen.en);
    expect(html).toContain('lang="en-US"');
  });

  it("answers 404 for a path that is not a screen", async () => {
    const cookie = await signIn(DEMO_USERS.admin.account, DEMO_USERS.admin.password);
    const res = await get("/noSuchScreen", cookie);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("页面不存在");
  });

  it("keeps /login, /loginAdmin and /resetPassword open", async () => {
    for (const path of ["/login", "/loginAdmin", "/resetPassword"]) expect((await get(path)).status).toBe(200);
  });
});
