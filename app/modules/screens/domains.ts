import type { DomainScreens, ExtraAction, ScreenTab } from "./define";

/**
 * What each domain declares of its screens (`app/modules/<domain>/screens.ts`), gathered by the bundler. Apart from
 * the registry (registry.ts adds these to the spec's 150 screens): a page that needs only a domain's tabs loads these
 * few lines, not the whole list of screens.
 */
export const DOMAINS: DomainScreens[] = Object.values(import.meta.glob<{ default: DomainScreens }>("../*/screens.ts", { eager: true })).map((m) => m.default);

/** The tabs the domains add to a screen's tab strip (`of` its path). */
export const tabsOf = (path: string): ScreenTab[] => DOMAINS.flatMap((d) => d.tabs ?? []).filter((t) => t.of === path);

/** The domains' function codes beyond the six of a screen, by privis. */
export const DOMAIN_ACTIONS: Readonly<Record<string, ExtraAction[]>> = Object.assign({}, ...DOMAINS.map((d) => d.actions ?? {}));
