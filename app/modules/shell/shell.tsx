import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { MenuNode } from "~/lib/navigation";
import { useRootData } from "~/lib/preferences";
import { AsideToggle, LanguageSwitch, ThemeSwitch, WatermarkToggle } from "~/widgets/preference-switches";
import { ToastProvider } from "~/widgets/toast";
import { Breadcrumbs } from "./breadcrumbs";
import { LoadingMask } from "./loading-mask";
import { SideMenu } from "./side-menu";
import { TabsBar } from "./tabs-bar";
import { VisitLogger } from "./visit-logger";
import { Watermark } from "./watermark";

export interface ShellUser {
  id: number;
  userName: string;
  loginAccount: string;
  tenantName: string;
  isAdmin: boolean;
}

/** The main layout: side menu, header (breadcrumbs, switches, sign-out), tabs bar, content, watermark, and the toasts of every screen. */
export function Shell({ user, tree, items, children }: { user: ShellUser; tree: MenuNode[]; items: MenuNode[]; children: ReactNode }) {
  const { t } = useTranslation();
  const prefs = useRootData()?.prefs;
  const folded = prefs?.asideFolded ?? false;
  return (
    <ToastProvider>
    {/* a desktop back office (1280 wide at least); on a phone (个人巡检 on site) the menu folds into the header */}
    <div className="flex h-screen min-h-[620px] sm:min-w-[1280px]">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-panel focus:p-2">
        {t("skipToContent")}
      </a>
      <aside className={`flex shrink-0 flex-col bg-aside max-sm:hidden ${folded ? "w-[0.64rem]" : "w-[2.2rem]"}`} data-testid="aside">
        <Link to="/manageWork" className="flex h-[0.56rem] items-center gap-2 px-4 text-lg font-semibold text-white">
          <span aria-hidden="true" className="grid h-7 w-7 place-items-center rounded-md bg-brand text-sm">D</span>
          {folded ? null : <span className="truncate">{t("appShort")}</span>}
        </Link>
        <SideMenu tree={tree} folded={folded} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-[0.56rem] shrink-0 items-center justify-between border-b border-line bg-panel px-3">
          <div className="flex min-w-0 items-center gap-2">
            <details className="sm:hidden">
              <summary className="cursor-pointer list-none whitespace-nowrap rounded-md border border-line px-3 py-1 text-sm">{t("menu")}</summary>
              <div className="absolute inset-x-0 top-[0.56rem] z-40 flex max-h-[80vh] flex-col bg-aside shadow-lg">
                <SideMenu tree={tree} folded={false} />
              </div>
            </details>
            <span className="max-sm:hidden">
              <AsideToggle />
            </span>
            <div className="min-w-0 max-sm:hidden">
              <Breadcrumbs items={items} />
            </div>
          </div>
          <div className="flex items-center gap-2 whitespace-nowrap text-sm">
            <ThemeSwitch />
            <span className="max-sm:hidden">
              <WatermarkToggle />
            </span>
            <LanguageSwitch />
            {user.isAdmin ? (
              <Link to="/outbox" className="rounded-md px-2 py-1 hover:text-brand max-sm:hidden">
                {t("header.outbox")}
              </Link>
            ) : null}
            <span className="px-2 text-muted max-sm:hidden" data-testid="current-user">
              {user.userName} · {user.tenantName}
            </span>
            <Form method="post" action="/logout">
              <button type="submit" className="rounded-md border border-line px-3 py-1 hover:border-danger hover:text-danger">
                {t("header.signOut")}
              </button>
            </Form>
          </div>
        </header>
        <div className="max-sm:hidden">
          <TabsBar userId={user.id} items={items} />
        </div>
        {/* relative: an absolutely placed part of a page (a screen reader's text) lies inside the pane that scrolls, not
            below the window, which would scroll the header and the menu out of view */}
        <main id="main" tabIndex={-1} className="relative min-h-0 flex-1 overflow-auto p-4 max-sm:p-0">
          {children}
        </main>
      </div>
      {prefs?.watermark ? <Watermark userName={user.userName} loginAccount={user.loginAccount} /> : null}
      <LoadingMask />
      <VisitLogger tree={tree} />
    </div>
    </ToastProvider>
  );
}
