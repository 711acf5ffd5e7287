import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { menuTrail, type MenuNode } from "~/lib/navigation";

export const STAY_LOG_MS = 10_000;

function post(modules: string[], stayTime: number, description: string) {
  const body = new URLSearchParams({ phoneType: "0", stayTime: String(Math.round(stayTime)), description });
  ["firstModule", "secondModule", "thirdModule", "fourthModule"].forEach((k, i) => modules[i] && body.set(k, modules[i]!));
  fetch("/api/visitLog/save", { method: "POST", body, keepalive: true, credentials: "same-origin" })
    .then((res) => {
      // spec §4: a 401 ends the session once; the server already set the one-time message
      if (res.status === 401 && !location.pathname.startsWith("/login")) location.assign("/login?l=f");
    })
    .catch(() => undefined); // visit logging never bothers the user
}

/** Spec §7 visit log: stay time every 10 s and on module change, only for modules known in the menu. */
export function VisitLogger({ tree }: { tree: MenuNode[] }) {
  const { pathname } = useLocation();
  const since = useRef(Date.now());
  useEffect(() => {
    const modules = menuTrail(tree, pathname).map((n) => n.name);
    since.current = Date.now();
    if (modules.length === 0) return;
    const flush = () => {
      const now = Date.now();
      post(modules, now - since.current, pathname);
      since.current = now;
    };
    const timer = setInterval(flush, STAY_LOG_MS);
    const onHide = () => document.visibilityState === "hidden" && flush();
    document.addEventListener("visibilitychange", onHide);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onHide);
      flush();
    };
  }, [pathname, tree]);
  return null;
}
