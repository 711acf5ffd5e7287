import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cookiesOf, get, makeTenant, ORIGIN, postForm, signIn } from "./helpers";

const EN_SESSION_EXPIRED = "Your session has expired. Please sign in again.";

describe("preferences", () => {
  it("keeps both of two switches pressed at once, in the cookies and on the server", async () => {
    const t = await makeTenant({ role: "viewer" });
    const cookie = await signIn(t.account, t.password);
    // both requests carry the cookies of before, as a browser sends them while the first is still in flight
    const [theme, lang] = await Promise.all([
      postForm("/settings", { theme: "dark", redirectTo: "/manageWork" }, { Cookie: cookie }),
      postForm("/settings", { lang: "en-US", redirectTo: "/manageWork" }, { Cookie: cookie }),
    ]);
    expect(theme.status).toBe(302);
    expect(cookiesOf(theme)).toBe("derrick_theme=dark");
    expect(cookiesOf(lang)).toBe("derrick_lang=en-US");

    const page = await (await get("/manageWork", `${cookie}; ${cookiesOf(theme)}; ${cookiesOf(lang)}`)).text();
    expect(page).toContain('lang="en-US"');
    expect(page).toMatch(/<body[^>]*class="[^"]*theme2/);

    // a new sign-in (another browser) gets both from the server copy
    const again = await signIn(t.account, t.password);
    expect(again).toContain("derrick_theme=dark");
    expect(again).toContain("derrick_lang=en-US");
  });

  it("answers a switch of the running page with data and its cookie, so the page revalidates instead of racing redirects", async () => {
    const t = await makeTenant({ role: "viewer" });
    const cookie = await signIn(t.account, t.password);
    const res = await postForm("/settings", { lang: "en-US", js: "1", redirectTo: "/manageWork" }, { Cookie: cookie });
    expect(res.status).toBe(200);
    expect(cookiesOf(res)).toBe("derrick_lang=en-US");
    const page = await (await get("/manageWork", `${cookie}; ${cookiesOf(res)}`)).text();
    expect(page).toContain('lang="en-US"');
  });

  it("gives the page its shell texts in the page's language only, as a script browsers may keep for good", async () => {
    const texts = async (lang: string) => {
      const html = await (await SELF.fetch(`${ORIGIN}/login`, { headers: { Cookie: `derrick_lang=${lang}` } })).text();
      // the script carries the document's nonce (Content-Security-Policy)
      const src = /<script id="shell-texts" src="([^"]+)" nonce="[^"]+"><\/script>/.exec(html)?.[1];
      expect(src, "the page names its texts script").toMatch(new RegExp(`^/i18n/shell\\.${lang}\\.[0-9a-z]+\\.js$`));
      // before the app's scripts, which read the texts as they start
      expect(html.indexOf(src!)).toBeLessThan(html.indexOf('type="module"'));
      const res = await SELF.fetch(`${ORIGIN}${src}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const body = await res.text();
      expect(body).not.toContain("</");
      const json = /^window\.__shellTexts=(.*);$/s.exec(body)?.[1];
      return { src: src!, texts: JSON.parse(json!) as Record<string, Record<string, any>> };
    };
    const zh = await texts("zh-CN");
    // the sign-in and upload texts travel with their own chunks, not in every page's shell
    expect(Object.keys(zh.texts).sort()).toEqual(["common", "resource", "screens", "system", "widgets", "workflow"]);
    expect(zh.texts.common!.sessionExpired).toBe("会话失效,请重新登录");
    expect(zh.texts.screens!["/userManage"]).toBe("用户管理");
    // the rarer administration and approval-flow texts join their namespaces with their screens' chunks
    expect(Object.keys(zh.texts.system!).sort()).toEqual(["mail", "organisation", "user", "userVehicles"]);
    expect(zh.texts.workflow!.flows).toBeUndefined();
    expect(zh.texts.workflow!.kinds.dataPermission).toBe("数据权限申请");
    const en = await texts("en-US");
    expect(en.texts.common!.sessionExpired).toBe(EN_SESSION_EXPIRED);
    expect(JSON.stringify(en.texts)).not.toContain("会话失效");
    expect(en.src).not.toBe(zh.src);

    // an address from before a deploy still gets the current texts, kept only briefly; a made-up one gets nothing
    const stale = await SELF.fetch(`${ORIGIN}/i18n/shell.en-US.0.js`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(await stale.text()).toContain(EN_SESSION_EXPIRED);
    expect((await SELF.fetch(`${ORIGIN}/i18n/shell.fr-FR.0.js`)).status).toBe(404);
    expect((await SELF.fetch(`${ORIGIN}/i18n/other.js`)).status).toBe(404);
  });

  it("ignores values it does not know and sends the user back to the page", async () => {
    const res = await postForm("/settings", { theme: "purple", lang: "fr-FR", redirectTo: "https://evil.example/" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).not.toContain("evil.example");
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});
