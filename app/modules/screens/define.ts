// The registry's types, and what a domain declares of its screens: apart from registry.ts, which gathers the
// domains' declarations, so that a declaration never imports the module that is gathering it.

export type ScreenStatus = "built" | "planned";
/** app = inside the main layout (menu, tabs); open = public pages outside the layout (no sign-in); fullscreen = outside the layout but needs a signed-in user (screens, exam, replay, kanban) */
export type ScreenLayout = "app" | "open" | "fullscreen";
export type ScreenGroupKey = "added" | "contract" | "report" | "device" | "dispatch" | "home" | "inventory" | "material" | "project" | "rent" | "safety" | "screen" | "staff" | "system" | "task" | "train" | "older" | "warning" | "auth" | "bigScreen";
export interface ScreenGroup { key: ScreenGroupKey; privisId: string; zh: string; en: string; icon: string; sort: number }
/** A function code beyond the six of every screen (e.g. contractList:approve), with its label in the role editor. */
export interface ExtraAction { key: string; label: { zh: string; en: string } }
export interface ScreenDef {
  /** exactly the spec path; "/replayDetail/{id}" becomes "/replayDetail/:id" */
  path: string;
  group: ScreenGroupKey;
  /** unique numeric string id of the menu item */
  privisId: string;
  /** permission code: the path without its leading slash, "/" and "-" replaced by "_" (":id" segments dropped) */
  privis: string;
  zh: string;
  en: string;
  layout: ScreenLayout;
  status: ScreenStatus;
  inMenu: boolean;
}

/**
 * What a domain adds to the registry, in its client-safe `app/modules/<domain>/screens.ts` (its default export):
 * screens of its own beyond the spec's, the spec screens it has built (by path), and function codes beyond the six
 * of its screens, by privis. Gathered here by the bundler, so a new domain edits no shared list (docs/architecture.md,
 * "Domain manifests"); scripts that read the registry run through vite-node (scripts/vite-node.config.ts).
 */
export interface DomainScreens {
  screens?: ScreenDef[];
  built?: string[];
  actions?: Record<string, ExtraAction[]>;
  /** tabs this domain adds to another screen's tab strip (合同模板 under 租户配置), after that screen's own */
  tabs?: ScreenTab[];
}
/** A page shown as a tab of a screen (`of`, its path): where it is and what the tab says. */
export interface ScreenTab { of: string; to: string; label: { zh: string; en: string } }
export const defineScreens = (declared: DomainScreens): DomainScreens => declared;
