import enAlarms from "./en-US/alarms";
import enFences from "./en-US/fences";
import enMaps from "./en-US/maps";
import enMonitor from "./en-US/monitor";
import enPlayback from "./en-US/playback";
import enTelematics from "./en-US/telematics";
import enWorkbench from "./en-US/workbench";
import enVisits from "./en-US/visits";
import enAuth from "./en-US/auth";
import enFiles from "./en-US/files";
import enDispatch from "./en-US/dispatch";
import enRent from "./en-US/rent";
import enContractDocs from "./en-US/contractDocs";
import enContracts from "./en-US/contracts";
import enContractFlow from "./en-US/contractFlow";
import enParties from "./en-US/parties";
import enLeads from "./en-US/leads";
import enTempCrane from "./en-US/tempCrane";
import enPrizes from "./en-US/prizes";
import enBills from "./en-US/bills";
import enStatements from "./en-US/statements";
import enSettlements from "./en-US/settlements";
import enReports from "./en-US/reports";
import enSettingsChecks from "./en-US/settings-checks";
import enOverdue from "./en-US/overdue";
import enFinance from "./en-US/finance";
import enShell from "./shell/en-US";
import enSystemAdmin from "./en-US/system-admin";
import enWorkflowFlows from "./en-US/workflow-flows";
import enWidgetsMap from "./en-US/widgets-map";
import zhShell from "./shell/zh-CN";
import zhSystemAdmin from "./zh-CN/system-admin";
import zhWorkflowFlows from "./zh-CN/workflow-flows";
import zhWidgetsMap from "./zh-CN/widgets-map";
import zhAlarms from "./zh-CN/alarms";
import zhFences from "./zh-CN/fences";
import zhMaps from "./zh-CN/maps";
import zhMonitor from "./zh-CN/monitor";
import zhPlayback from "./zh-CN/playback";
import zhTelematics from "./zh-CN/telematics";
import zhWorkbench from "./zh-CN/workbench";
import zhVisits from "./zh-CN/visits";
import zhAuth from "./zh-CN/auth";
import zhFiles from "./zh-CN/files";
import zhDispatch from "./zh-CN/dispatch";
import zhRent from "./zh-CN/rent";
import zhContractDocs from "./zh-CN/contractDocs";
import zhContracts from "./zh-CN/contracts";
import zhContractFlow from "./zh-CN/contractFlow";
import zhParties from "./zh-CN/parties";
import zhLeads from "./zh-CN/leads";
import zhTempCrane from "./zh-CN/tempCrane";
import zhPrizes from "./zh-CN/prizes";
import zhBills from "./zh-CN/bills";
import zhStatements from "./zh-CN/statements";
import zhSettlements from "./zh-CN/settlements";
import zhReports from "./zh-CN/reports";
import zhSettingsChecks from "./zh-CN/settings-checks";
import zhOverdue from "./zh-CN/overdue";
import zhFinance from "./zh-CN/finance";

/**
 * Every namespace in both languages: the server renders with these and tests read them. The browser never loads this
 * module: it gets the shell's texts of its own language inline (app/i18n/shell-texts.tsx) and each screen's
 * namespace with that screen's chunk (app/i18n/screen/).
 */
export const resources = {
  "zh-CN": { ...zhShell, common: { ...zhShell.common, ...zhSettingsChecks }, system: { ...zhShell.system, ...zhSystemAdmin }, workflow: { ...zhShell.workflow, ...zhWorkflowFlows }, widgets: { ...zhShell.widgets, ...zhWidgetsMap }, auth: zhAuth, files: zhFiles, telematics: zhTelematics, monitor: zhMonitor, alarms: zhAlarms, playback: zhPlayback, fences: zhFences, maps: zhMaps, workbench: zhWorkbench, dispatch: zhDispatch, rent: zhRent, contractDocs: zhContractDocs, contracts: zhContracts, contractFlow: zhContractFlow, parties: zhParties, visits: zhVisits, leads: zhLeads, tempCrane: zhTempCrane, prizes: zhPrizes, bills: zhBills, finance: zhFinance, statements: zhStatements, settlements: zhSettlements, overdue: zhOverdue, reports: zhReports },
  "en-US": { ...enShell, common: { ...enShell.common, ...enSettingsChecks }, system: { ...enShell.system, ...enSystemAdmin }, workflow: { ...enShell.workflow, ...enWorkflowFlows }, widgets: { ...enShell.widgets, ...enWidgetsMap }, auth: enAuth, files: enFiles, telematics: enTelematics, monitor: enMonitor, alarms: enAlarms, playback: enPlayback, fences: enFences, maps: enMaps, workbench: enWorkbench, dispatch: enDispatch, rent: enRent, contractDocs: enContractDocs, contracts: enContracts, contractFlow: enContractFlow, parties: enParties, visits: enVisits, leads: enLeads, tempCrane: enTempCrane, prizes: enPrizes, bills: enBills, finance: enFinance, statements: enStatements, settlements: enSettlements, overdue: enOverdue, reports: enReports },
} as const;

/** The shell's namespaces per language. */
export const shellResources = { "zh-CN": zhShell, "en-US": enShell };
