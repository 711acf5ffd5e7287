import type { DomainTexts } from "./domain-texts";
import enMaps from "./en-US/maps";
import enAuth from "./en-US/auth";
import enFiles from "./en-US/files";
import enSettingsChecks from "./en-US/settings-checks";
import enShell from "./shell/en-US";
import enSystemAdmin from "./en-US/system-admin";
import enWorkflowFlows from "./en-US/workflow-flows";
import enWidgetsMap from "./en-US/widgets-map";
import zhShell from "./shell/zh-CN";
import zhSystemAdmin from "./zh-CN/system-admin";
import zhWorkflowFlows from "./zh-CN/workflow-flows";
import zhWidgetsMap from "./zh-CN/widgets-map";
import zhMaps from "./zh-CN/maps";
import zhAuth from "./zh-CN/auth";
import zhFiles from "./zh-CN/files";
import zhSettingsChecks from "./zh-CN/settings-checks";

type Bundle = Record<string, unknown>;

/** The domains' text files (app/modules/<domain>/texts/<ns>.<language>.ts), by namespace: see ./domain-texts.ts. */
function domainTexts(files: Record<string, Bundle>): DomainTexts {
  const texts: Record<string, Bundle> = {};
  for (const [path, bundle] of Object.entries(files)) {
    const ns = /\/([\w-]+)\.(?:zh-CN|en-US)\.ts$/.exec(path)?.[1];
    if (!ns || texts[ns]) throw new Error(`${path}: a domain's text file is texts/<namespace>.<language>.ts, one per namespace`);
    texts[ns] = bundle;
  }
  return texts as unknown as DomainTexts;
}
const zhDomains = domainTexts(import.meta.glob<Bundle>("../modules/*/texts/*.zh-CN.ts", { eager: true, import: "default" }));
const enDomains = domainTexts(import.meta.glob<Bundle>("../modules/*/texts/*.en-US.ts", { eager: true, import: "default" }));

/**
 * Every namespace in both languages: the house's (here) and the domains' (gathered from their folders). The server
 * renders with these and tests read them. The browser never loads this module: it gets the shell's texts of its own
 * language inline (app/i18n/shell-texts.tsx) and each screen's namespace with that screen's chunk (app/i18n/screen/,
 * app/modules/<domain>/texts/<ns>.ts).
 */
export const resources = {
  "zh-CN": { ...zhShell, common: { ...zhShell.common, ...zhSettingsChecks }, system: { ...zhShell.system, ...zhSystemAdmin }, workflow: { ...zhShell.workflow, ...zhWorkflowFlows }, widgets: { ...zhShell.widgets, ...zhWidgetsMap }, auth: zhAuth, files: zhFiles, maps: zhMaps, ...zhDomains },
  "en-US": { ...enShell, common: { ...enShell.common, ...enSettingsChecks }, system: { ...enShell.system, ...enSystemAdmin }, workflow: { ...enShell.workflow, ...enWorkflowFlows }, widgets: { ...enShell.widgets, ...enWidgetsMap }, auth: enAuth, files: enFiles, maps: enMaps, ...enDomains },
} as const;

/** The shell's namespaces per language. */
export const shellResources = { "zh-CN": zhShell, "en-US": enShell };
