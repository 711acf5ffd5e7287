/** 大屏链接's client-safe declarations (screen-links.server.ts does the work). */
import type { ScreenLinkScope } from "../../../db/schema/screens";

/** The screens a link may open, and the scopes each may show. */
export const LINKABLE_SCREENS: Readonly<Record<string, readonly ScreenLinkScope[]>> = {
  "/homeworkScreen": ["org", "vehicles"],
  "/customerScreen": ["customer"],
  "/towerScreen": ["org", "vehicles"],
};
/** Their names as the menu has them (the registry's; the page does not load the whole registry for three names). */
export const LINKABLE_NAMES: Readonly<Record<string, { zh: string; en: string }>> = {
  "/homeworkScreen": { zh: "作业大屏", en: "Operations Screen" },
  "/customerScreen": { zh: "客户大屏", en: "Customer Screen" },
  "/towerScreen": { zh: "塔吊大屏", en: "Tower Crane Screen" },
};
/** spec §5 big-screen 5: live links for one screen and scope */
export const SCREEN_LINKS_PER_TARGET = 5;
export const SCREEN_LINK_NAME_MAX = 50;
export const SCREEN_LINK_VEHICLES_MAX = 500;
export const SCREEN_LINKS_PATH = "/tenantConfig/screenLinks";

export type LinkError = "nameRequired" | "nameTooLong" | "screen" | "scopeKind" | "org" | "customer" | "platesRequired" | "platesTooMany" | "platesUnknown" | "limit";

export interface ScreenLinkListRow {
  id: number;
  screen: string;
  name: string;
  scopeKind: ScreenLinkScope;
  /** the organisation, the customer, or the plates */
  target: string;
  createdAt: number;
  revokedAt: number | null;
  lastSeenAt: number | null;
}

/** The address a link's screen opens at. */
export const screenLinkPath = (token: string) => `/screen/${token}`;
