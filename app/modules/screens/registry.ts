/**
 * Screen registry: every route of product spec §2 ("Screens and routes") with its menu group, menu id,
 * permission code, titles, layout and build status. Menu rows, tabs, titles and route binding all read it.
 */

export type ScreenStatus = "built" | "planned";
/** app = inside the main layout (menu, tabs); open = public pages outside the layout (no sign-in); fullscreen = outside the layout but needs a signed-in user (screens, exam, replay, kanban) */
export type ScreenLayout = "app" | "open" | "fullscreen";
export type ScreenGroupKey = "added" | "contract" | "report" | "device" | "dispatch" | "home" | "inventory" | "material" | "project" | "rent" | "safety" | "screen" | "staff" | "system" | "task" | "train" | "older" | "warning" | "auth" | "bigScreen";
export interface ScreenGroup { key: ScreenGroupKey; privisId: string; zh: string; en: string; icon: string; sort: number }
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
 * Menu groups in spec order with the home group first. Ids: two digits from "10"; the big-screen group
 * keeps "30" (menu rule: item 30 and its children open a new window); sign-in pages sit under "90".
 * "1" is reserved and never used.
 */
export const SCREEN_GROUPS: ScreenGroup[] = [
  { key: "home", privisId: "10", zh: "工作台", en: "Workbench", icon: "home", sort: 1 },
  { key: "added", privisId: "11", zh: "新增功能", en: "New Features", icon: "plus-square", sort: 2 },
  { key: "contract", privisId: "12", zh: "合同管理", en: "Contract Management", icon: "file-text", sort: 3 },
  { key: "report", privisId: "13", zh: "数据报表", en: "Data Reports", icon: "bar-chart", sort: 4 },
  { key: "device", privisId: "14", zh: "设备管理", en: "Device Management", icon: "truck", sort: 5 },
  { key: "dispatch", privisId: "15", zh: "调度管理", en: "Dispatch Management", icon: "send", sort: 6 },
  { key: "inventory", privisId: "16", zh: "库存管理", en: "Inventory Management", icon: "box", sort: 7 },
  { key: "material", privisId: "17", zh: "物资管理", en: "Material Management", icon: "tool", sort: 8 },
  { key: "project", privisId: "18", zh: "项目管理", en: "Project Management", icon: "folder", sort: 9 },
  { key: "rent", privisId: "19", zh: "租赁业务", en: "Rental Business", icon: "briefcase", sort: 10 },
  { key: "safety", privisId: "20", zh: "安全管理", en: "Safety Management", icon: "shield", sort: 11 },
  { key: "screen", privisId: "21", zh: "风电大屏", en: "Wind Screen", icon: "monitor", sort: 12 },
  { key: "staff", privisId: "22", zh: "人员管理", en: "Staff Management", icon: "users", sort: 13 },
  { key: "system", privisId: "23", zh: "系统管理", en: "System Management", icon: "settings", sort: 14 },
  { key: "task", privisId: "24", zh: "任务管理", en: "Task Management", icon: "check-square", sort: 15 },
  { key: "train", privisId: "25", zh: "培训管理", en: "Training Management", icon: "book", sort: 16 },
  { key: "older", privisId: "26", zh: "其他功能", en: "More", icon: "more", sort: 17 },
  { key: "warning", privisId: "27", zh: "预警管理", en: "Warning Management", icon: "alert", sort: 18 },
  { key: "bigScreen", privisId: "30", zh: "大屏展示", en: "Big Screens", icon: "tv", sort: 19 },
  { key: "auth", privisId: "90", zh: "登录认证", en: "Sign-In", icon: "lock", sort: 20 },
];

/**
 * Every spec screen, grouped and in menu order. Screen ids are the group id followed by two digits, except
 * the fixed menu ids /customerScreen "3221" (first child of item 30) and /windScreenOwner "3222".
 */
export const SCREENS: ScreenDef[] = [
  // Workbench (10)
  { path: "/main", group: "home", privisId: "1001", privis: "main", zh: "首页", en: "Home", layout: "app", status: "planned", inMenu: true },
  { path: "/manageWork", group: "home", privisId: "1002", privis: "manageWork", zh: "工作台", en: "Workbench", layout: "app", status: "built", inMenu: true },
  { path: "/towerWorkScene", group: "home", privisId: "1003", privis: "towerWorkScene", zh: "塔吊作业场景", en: "Tower Crane Work Scene", layout: "app", status: "planned", inMenu: true },
  { path: "/windPowerScene", group: "home", privisId: "1004", privis: "windPowerScene", zh: "风电场景", en: "Wind Power Scene", layout: "app", status: "planned", inMenu: true },
  { path: "/newTodoFlow", group: "home", privisId: "1005", privis: "newTodoFlow", zh: "待办流程", en: "To-Do Workflows", layout: "app", status: "planned", inMenu: true },
  { path: "/newTodoTask", group: "home", privisId: "1006", privis: "newTodoTask", zh: "待办任务", en: "To-Do Tasks", layout: "app", status: "planned", inMenu: true },
  { path: "/riskEventIn24Hours", group: "home", privisId: "1007", privis: "riskEventIn24Hours", zh: "24小时风险事件", en: "Risk Events in 24 Hours", layout: "app", status: "planned", inMenu: true },
  { path: "/handbook", group: "home", privisId: "1008", privis: "handbook", zh: "操作手册", en: "User Handbook", layout: "app", status: "planned", inMenu: true },
  { path: "/newTaskRemind", group: "home", privisId: "1009", privis: "newTaskRemind", zh: "任务提醒", en: "Task Reminders", layout: "app", status: "planned", inMenu: true },
  { path: "/newPlanRemind", group: "home", privisId: "1010", privis: "newPlanRemind", zh: "计划提醒", en: "Plan Reminders", layout: "app", status: "planned", inMenu: true },
  { path: "/newMessageRemind", group: "home", privisId: "1011", privis: "newMessageRemind", zh: "消息提醒", en: "Message Reminders", layout: "app", status: "planned", inMenu: true },
  { path: "/newWaterClaim", group: "home", privisId: "1012", privis: "newWaterClaim", zh: "流水认领", en: "Transaction Claims", layout: "app", status: "planned", inMenu: true },
  // New Features (11)
  { path: "/personalInspection", group: "added", privisId: "1101", privis: "personalInspection", zh: "个人巡检", en: "Personal Inspections", layout: "app", status: "planned", inMenu: true },
  { path: "/inspectionPlan", group: "added", privisId: "1102", privis: "inspectionPlan", zh: "巡检计划", en: "Inspection Plans", layout: "app", status: "planned", inMenu: true },
  { path: "/procedureManage", group: "added", privisId: "1103", privis: "procedureManage", zh: "工序管理", en: "Procedure Management", layout: "app", status: "planned", inMenu: true },
  { path: "/maintenancePlan", group: "added", privisId: "1104", privis: "maintenancePlan", zh: "保养计划", en: "Maintenance Plans", layout: "app", status: "planned", inMenu: true },
  { path: "/equipmentRepair", group: "added", privisId: "1105", privis: "equipmentRepair", zh: "设备维修", en: "Equipment Repairs", layout: "app", status: "planned", inMenu: true },
  { path: "/partsStorage", group: "added", privisId: "1106", privis: "partsStorage", zh: "配件仓储", en: "Parts Storage", layout: "app", status: "planned", inMenu: true },
  { path: "/equipmentPart", group: "added", privisId: "1107", privis: "equipmentPart", zh: "设备配件", en: "Equipment Parts", layout: "app", status: "planned", inMenu: true },
  { path: "/customerVisit", group: "added", privisId: "1108", privis: "customerVisit", zh: "客户回访", en: "Customer Follow-Up Visits", layout: "app", status: "built", inMenu: true },
  { path: "/certificate", group: "added", privisId: "1109", privis: "certificate", zh: "证书管理", en: "Certificate Management", layout: "app", status: "planned", inMenu: true },
  { path: "/abnormalReport", group: "added", privisId: "1110", privis: "abnormalReport", zh: "异常上报", en: "Issue Reporting", layout: "app", status: "planned", inMenu: true },
  { path: "/towerDocument", group: "added", privisId: "1111", privis: "towerDocument", zh: "塔吊档案", en: "Tower Crane Records", layout: "app", status: "planned", inMenu: true },
  // Contract Management (12)
  { path: "/contractEquipmentCost", group: "contract", privisId: "1201", privis: "contractEquipmentCost", zh: "合同设备费用", en: "Contract Equipment Costs", layout: "app", status: "built", inMenu: true },
  { path: "/contractList", group: "contract", privisId: "1202", privis: "contractList", zh: "合同列表", en: "Contract List", layout: "app", status: "built", inMenu: true },
  { path: "/nominatePrizes", group: "contract", privisId: "1203", privis: "nominatePrizes", zh: "提名奖励", en: "Prize Nominations", layout: "app", status: "built", inMenu: true },
  { path: "/overdueContract", group: "contract", privisId: "1204", privis: "overdueContract", zh: "逾期合同", en: "Overdue Contracts", layout: "app", status: "built", inMenu: true },
  { path: "/equipmentPaymentCollection", group: "contract", privisId: "1205", privis: "equipmentPaymentCollection", zh: "设备回款", en: "Equipment Payment Collection", layout: "app", status: "built", inMenu: true },
  // Data Reports (13)
  { path: "/reportStat", group: "report", privisId: "1301", privis: "reportStat", zh: "报表统计", en: "Report Statistics", layout: "app", status: "planned", inMenu: true },
  { path: "/operateDataReport", group: "report", privisId: "1302", privis: "operateDataReport", zh: "运营数据报表", en: "Operating Data Report", layout: "app", status: "built", inMenu: true },
  { path: "/customerZeroRentReport", group: "report", privisId: "1303", privis: "customerZeroRentReport", zh: "客户零租报表", en: "Customer Zero-Rent Report", layout: "app", status: "built", inMenu: true },
  { path: "/alarmMessage", group: "report", privisId: "1304", privis: "alarmMessage", zh: "告警信息", en: "Alarm Messages", layout: "app", status: "built", inMenu: true },
  { path: "/operationReport", group: "report", privisId: "1305", privis: "operationReport", zh: "作业报表", en: "Operations Report", layout: "app", status: "planned", inMenu: true },
  { path: "/operatorReport", group: "report", privisId: "1306", privis: "operatorReport", zh: "操作员报表", en: "Operator Report", layout: "app", status: "planned", inMenu: true },
  { path: "/operatorScoreTemplate", group: "report", privisId: "1307", privis: "operatorScoreTemplate", zh: "操作员评分模板", en: "Operator Scoring Template", layout: "app", status: "planned", inMenu: true },
  { path: "/contractBillReport", group: "report", privisId: "1308", privis: "contractBillReport", zh: "合同账单报表", en: "Contract Billing Report", layout: "app", status: "built", inMenu: true },
  { path: "/hdReport", group: "report", privisId: "1309", privis: "hdReport", zh: "HD报表", en: "HD Report", layout: "app", status: "planned", inMenu: true },
  { path: "/overtimeReport", group: "report", privisId: "1310", privis: "overtimeReport", zh: "加班报表", en: "Overtime Report", layout: "app", status: "built", inMenu: true },
  { path: "/oilWearReport", group: "report", privisId: "1311", privis: "oilWearReport", zh: "油耗报表", en: "Fuel Consumption Report", layout: "app", status: "planned", inMenu: true },
  { path: "/engineeringEquipment", group: "report", privisId: "1312", privis: "engineeringEquipment", zh: "工程设备", en: "Engineering Equipment", layout: "app", status: "planned", inMenu: true },
  { path: "/engineeringEquipmentList", group: "report", privisId: "1313", privis: "engineeringEquipmentList", zh: "工程设备清单", en: "Engineering Equipment List", layout: "app", status: "planned", inMenu: true },
  { path: "/tjwsWorkingReport", group: "report", privisId: "1314", privis: "tjwsWorkingReport", zh: "TJWS作业报表", en: "TJWS Work Report", layout: "app", status: "planned", inMenu: true },
  { path: "/performanceReport", group: "report", privisId: "1315", privis: "performanceReport", zh: "绩效报表", en: "Performance Report", layout: "app", status: "planned", inMenu: true },
  // Device Management (14)
  { path: "/deviceList", group: "device", privisId: "1401", privis: "deviceList", zh: "设备列表", en: "Device List", layout: "app", status: "built", inMenu: true },
  { path: "/videoManagement", group: "device", privisId: "1402", privis: "videoManagement", zh: "视频管理", en: "Video Management", layout: "app", status: "planned", inMenu: true },
  { path: "/deviceDetails", group: "device", privisId: "1403", privis: "deviceDetails", zh: "设备详情", en: "Device Details", layout: "app", status: "built", inMenu: false },
  { path: "/towerCalculator", group: "device", privisId: "1404", privis: "towerCalculator", zh: "塔吊计算器", en: "Tower Crane Calculator", layout: "app", status: "planned", inMenu: true },
  { path: "/equipmentTool", group: "device", privisId: "1405", privis: "equipmentTool", zh: "设备工具", en: "Equipment Tools", layout: "app", status: "planned", inMenu: true },
  { path: "/weatherCock", group: "device", privisId: "1406", privis: "weatherCock", zh: "风向标", en: "Weather Vane", layout: "app", status: "planned", inMenu: true },
  { path: "/dataPermission", group: "device", privisId: "1407", privis: "dataPermission", zh: "数据权限", en: "Data Permissions", layout: "app", status: "built", inMenu: true },
  { path: "/lockCarManage", group: "device", privisId: "1408", privis: "lockCarManage", zh: "锁车管理", en: "Vehicle Lock Management", layout: "app", status: "planned", inMenu: true },
  { path: "/areaEquipment", group: "device", privisId: "1409", privis: "areaEquipment", zh: "区域设备", en: "Equipment by Area", layout: "app", status: "planned", inMenu: true },
  { path: "/meshNetwork", group: "device", privisId: "1410", privis: "meshNetwork", zh: "自组网", en: "Mesh Network", layout: "app", status: "planned", inMenu: true },
  { path: "/smartWorkconditionMatch", group: "device", privisId: "1411", privis: "smartWorkconditionMatch", zh: "智能工况匹配", en: "Smart Working Condition Matching", layout: "app", status: "planned", inMenu: true },
  { path: "/smartSafeHat", group: "device", privisId: "1412", privis: "smartSafeHat", zh: "智能安全帽", en: "Smart Safety Helmets", layout: "app", status: "planned", inMenu: true },
  { path: "/fenceManage", group: "device", privisId: "1413", privis: "fenceManage", zh: "围栏管理", en: "Fence Management", layout: "app", status: "built", inMenu: true },
  { path: "/workPlayBack", group: "device", privisId: "1414", privis: "workPlayBack", zh: "历史回放", en: "History Playback", layout: "app", status: "built", inMenu: true },
  { path: "/replayDetail/:id", group: "device", privisId: "1415", privis: "replayDetail", zh: "回放详情", en: "Playback Details", layout: "fullscreen", status: "built", inMenu: false },
  { path: "/stateReport", group: "device", privisId: "1416", privis: "stateReport", zh: "状态报表", en: "Status Report", layout: "app", status: "planned", inMenu: true },
  { path: "/equipmentHeatMap", group: "device", privisId: "1417", privis: "equipmentHeatMap", zh: "设备热力图", en: "Equipment Heat Map", layout: "app", status: "built", inMenu: true },
  { path: "/equipmentTransfer", group: "device", privisId: "1418", privis: "equipmentTransfer", zh: "设备调拨", en: "Equipment Transfers", layout: "app", status: "built", inMenu: true },
  // Dispatch Management (15)
  { path: "/vehicleApplication", group: "dispatch", privisId: "1501", privis: "vehicleApplication", zh: "用车申请", en: "Vehicle Requests", layout: "app", status: "planned", inMenu: true },
  { path: "/dispatchManagement", group: "dispatch", privisId: "1502", privis: "dispatchManagement", zh: "派车管理", en: "Vehicle Dispatch", layout: "app", status: "planned", inMenu: true },
  { path: "/explorationManagement", group: "dispatch", privisId: "1503", privis: "explorationManagement", zh: "勘察管理", en: "Site Survey Management", layout: "app", status: "planned", inMenu: true },
  { path: "/signManagement", group: "dispatch", privisId: "1504", privis: "signManagement", zh: "签到管理", en: "Check-In Management", layout: "app", status: "built", inMenu: true },
  { path: "/safeInspectionCheck", group: "dispatch", privisId: "1505", privis: "safeInspectionCheck", zh: "安全检查", en: "Safety Inspections", layout: "app", status: "planned", inMenu: true },
  // Inventory Management (16)
  { path: "/inventoryManage", group: "inventory", privisId: "1601", privis: "inventoryManage", zh: "库存台账", en: "Inventory Ledger", layout: "app", status: "planned", inMenu: true },
  { path: "/inventoryInManage", group: "inventory", privisId: "1602", privis: "inventoryInManage", zh: "入库管理", en: "Stock-In Management", layout: "app", status: "planned", inMenu: true },
  { path: "/inventoryOutManage", group: "inventory", privisId: "1603", privis: "inventoryOutManage", zh: "出库管理", en: "Stock-Out Management", layout: "app", status: "planned", inMenu: true },
  { path: "/categoryManage", group: "inventory", privisId: "1604", privis: "categoryManage", zh: "分类管理", en: "Category Management", layout: "app", status: "planned", inMenu: true },
  // Material Management (17)
  { path: "/toolManage", group: "material", privisId: "1701", privis: "toolManage", zh: "工具管理", en: "Tool Management", layout: "app", status: "planned", inMenu: true },
  { path: "/partManage", group: "material", privisId: "1702", privis: "partManage", zh: "配件管理", en: "Parts Management", layout: "app", status: "planned", inMenu: true },
  // Project Management (18)
  { path: "/tenantProjectManage", group: "project", privisId: "1801", privis: "tenantProjectManage", zh: "项目列表", en: "Project List", layout: "app", status: "planned", inMenu: true },
  { path: "/constructionRecord", group: "project", privisId: "1802", privis: "constructionRecord", zh: "施工记录", en: "Construction Records", layout: "app", status: "planned", inMenu: true },
  { path: "/windManage", group: "project", privisId: "1803", privis: "windManage", zh: "风电管理", en: "Wind Power Management", layout: "app", status: "planned", inMenu: true },
  { path: "/constructionPlan", group: "project", privisId: "1804", privis: "constructionPlan", zh: "施工计划", en: "Construction Plans", layout: "app", status: "planned", inMenu: true },
  { path: "/publicProject", group: "project", privisId: "1805", privis: "publicProject", zh: "公共项目", en: "Public Projects", layout: "app", status: "planned", inMenu: true },
  { path: "/towerCollisionPrevention", group: "project", privisId: "1806", privis: "towerCollisionPrevention", zh: "塔吊防碰撞", en: "Tower Crane Anti-Collision", layout: "app", status: "planned", inMenu: true },
  { path: "/projectDisclosure", group: "project", privisId: "1807", privis: "projectDisclosure", zh: "项目交底", en: "Project Briefings", layout: "app", status: "planned", inMenu: true },
  { path: "/explorateManage", group: "project", privisId: "1808", privis: "explorateManage", zh: "踏勘管理", en: "Site Exploration Management", layout: "app", status: "planned", inMenu: true },
  { path: "/projectKanban", group: "project", privisId: "1809", privis: "projectKanban", zh: "项目看板", en: "Project Kanban", layout: "fullscreen", status: "planned", inMenu: true },
  // Rental Business (19)
  { path: "/customerContract", group: "rent", privisId: "1901", privis: "customerContract", zh: "客户合同", en: "Customer Contracts", layout: "app", status: "built", inMenu: true },
  { path: "/outcarRecord", group: "rent", privisId: "1902", privis: "outcarRecord", zh: "出车记录", en: "Vehicle Trip Records", layout: "app", status: "built", inMenu: true },
  { path: "/businessList", group: "rent", privisId: "1903", privis: "businessList", zh: "业务列表", en: "Business List", layout: "app", status: "built", inMenu: true },
  { path: "/quickSchedule", group: "rent", privisId: "1904", privis: "quickSchedule", zh: "快速排班", en: "Quick Scheduling", layout: "app", status: "built", inMenu: true },
  { path: "/receiptsEnterList", group: "rent", privisId: "1905", privis: "receiptsEnterList", zh: "收款录入", en: "Receipt Entry", layout: "app", status: "built", inMenu: true },
  { path: "/payReceiveManage", group: "rent", privisId: "1906", privis: "payReceiveManage", zh: "收付款管理", en: "Payments and Receipts", layout: "app", status: "built", inMenu: true },
  // Safety Management (20)
  { path: "/safetyReform", group: "safety", privisId: "2001", privis: "safetyReform", zh: "安全整改", en: "Safety Rectification", layout: "app", status: "planned", inMenu: true },
  // Wind Screen (21)
  { path: "/windScreenOwner", group: "screen", privisId: "3222", privis: "windScreenOwner", zh: "风电业主大屏", en: "Wind Farm Owner Screen", layout: "app", status: "planned", inMenu: true },
  // Staff Management (22)
  { path: "/projStaffManage", group: "staff", privisId: "2201", privis: "projStaffManage", zh: "项目人员管理", en: "Project Staff Management", layout: "app", status: "planned", inMenu: true },
  { path: "/operatorsManagement", group: "staff", privisId: "2202", privis: "operatorsManagement", zh: "操作员管理", en: "Operator Management", layout: "app", status: "planned", inMenu: true },
  { path: "/constructionTeam", group: "staff", privisId: "2203", privis: "constructionTeam", zh: "施工班组", en: "Construction Teams", layout: "app", status: "planned", inMenu: true },
  { path: "/builderManage", group: "staff", privisId: "2204", privis: "builderManage", zh: "施工单位管理", en: "Contractor Management", layout: "app", status: "planned", inMenu: true },
  { path: "/supplier", group: "staff", privisId: "2205", privis: "supplier", zh: "供应商管理", en: "Supplier Management", layout: "app", status: "built", inMenu: true },
  { path: "/supplier-tower", group: "staff", privisId: "2206", privis: "supplier_tower", zh: "塔吊供应商", en: "Tower Crane Suppliers", layout: "app", status: "built", inMenu: true },
  // System Management (23)
  { path: "/orgManage", group: "system", privisId: "2300", privis: "orgManage", zh: "组织管理", en: "Organisations", layout: "app", status: "built", inMenu: true },
  { path: "/userManage", group: "system", privisId: "2301", privis: "userManage", zh: "用户管理", en: "User Management", layout: "app", status: "built", inMenu: true },
  { path: "/bussinessinfo", group: "system", privisId: "2302", privis: "bussinessinfo", zh: "企业信息", en: "Company Information", layout: "app", status: "built", inMenu: true },
  { path: "/roleManage", group: "system", privisId: "2303", privis: "roleManage", zh: "角色管理", en: "Role Management", layout: "app", status: "built", inMenu: true },
  { path: "/disData", group: "system", privisId: "2304", privis: "disData", zh: "数据字典", en: "Data Dictionary", layout: "app", status: "built", inMenu: true },
  { path: "/alarmMgr", group: "system", privisId: "2305", privis: "alarmMgr", zh: "告警设置", en: "Alarm Settings", layout: "app", status: "built", inMenu: true },
  { path: "/zhongtaiMailSet", group: "system", privisId: "2306", privis: "zhongtaiMailSet", zh: "中台邮件设置", en: "Platform Email Settings", layout: "app", status: "built", inMenu: true },
  { path: "/equipmentDepository", group: "system", privisId: "2307", privis: "equipmentDepository", zh: "设备仓库", en: "Equipment Depots", layout: "app", status: "built", inMenu: true },
  { path: "/buildCompany", group: "system", privisId: "2308", privis: "buildCompany", zh: "建设单位", en: "Developer Companies", layout: "app", status: "built", inMenu: true },
  { path: "/mapConfig", group: "system", privisId: "2309", privis: "mapConfig", zh: "地图配置", en: "Map Settings", layout: "app", status: "built", inMenu: true },
  { path: "/tenantConfig", group: "system", privisId: "2310", privis: "tenantConfig", zh: "租户配置", en: "Tenant Settings", layout: "app", status: "built", inMenu: true },
  { path: "/pageConfig", group: "system", privisId: "2311", privis: "pageConfig", zh: "页面配置", en: "Page Settings", layout: "app", status: "built", inMenu: true },
  { path: "/applicationManage", group: "system", privisId: "2312", privis: "applicationManage", zh: "应用管理", en: "Application Management", layout: "app", status: "built", inMenu: true },
  { path: "/applicationManage/form", group: "system", privisId: "2313", privis: "applicationManage_form", zh: "应用表单", en: "Application Form", layout: "app", status: "built", inMenu: false },
  { path: "/routerPath", group: "system", privisId: "2314", privis: "routerPath", zh: "路由管理", en: "Route Management", layout: "app", status: "built", inMenu: true },
  { path: "/operationLog", group: "system", privisId: "2315", privis: "operationLog", zh: "操作日志", en: "Operation Log", layout: "app", status: "built", inMenu: true },
  { path: "/visitLog", group: "system", privisId: "2316", privis: "visitLog", zh: "访问日志", en: "Visit Log", layout: "app", status: "built", inMenu: true },
  // Task Management (24)
  { path: "/tower-work-chain", group: "task", privisId: "2401", privis: "tower_work_chain", zh: "塔吊作业链", en: "Tower Crane Work Chain", layout: "app", status: "planned", inMenu: true },
  { path: "/tower-work-task", group: "task", privisId: "2402", privis: "tower_work_task", zh: "塔吊作业任务", en: "Tower Crane Work Tasks", layout: "app", status: "planned", inMenu: true },
  // Training Management (25)
  { path: "/trainingNotice", group: "train", privisId: "2501", privis: "trainingNotice", zh: "培训通知", en: "Training Notices", layout: "app", status: "planned", inMenu: true },
  { path: "/trainingSignIn", group: "train", privisId: "2502", privis: "trainingSignIn", zh: "培训签到", en: "Training Check-In", layout: "app", status: "planned", inMenu: true },
  { path: "/trainingExam", group: "train", privisId: "2503", privis: "trainingExam", zh: "培训考试", en: "Training Exams", layout: "app", status: "planned", inMenu: true },
  { path: "/questionBank", group: "train", privisId: "2504", privis: "questionBank", zh: "题库管理", en: "Question Bank", layout: "app", status: "planned", inMenu: true },
  { path: "/myExam", group: "train", privisId: "2505", privis: "myExam", zh: "我的考试", en: "My Exams", layout: "app", status: "planned", inMenu: true },
  { path: "/examination", group: "train", privisId: "2506", privis: "examination", zh: "在线考试", en: "Online Exam", layout: "fullscreen", status: "planned", inMenu: false },
  { path: "/studyTask", group: "train", privisId: "2507", privis: "studyTask", zh: "学习任务", en: "Study Tasks", layout: "app", status: "planned", inMenu: true },
  { path: "/knowledgeSys", group: "train", privisId: "2508", privis: "knowledgeSys", zh: "知识库", en: "Knowledge Base", layout: "app", status: "planned", inMenu: true },
  // More (26)
  { path: "/contractPlan", group: "older", privisId: "2601", privis: "contractPlan", zh: "合同计划", en: "Contract Plans", layout: "app", status: "built", inMenu: true },
  { path: "/equipmentMonitor", group: "older", privisId: "2602", privis: "equipmentMonitor", zh: "设备监控", en: "Equipment Monitoring", layout: "app", status: "built", inMenu: true },
  { path: "/historyTrack", group: "older", privisId: "2603", privis: "historyTrack", zh: "历史轨迹", en: "Track History", layout: "app", status: "built", inMenu: true },
  { path: "/customerresearch", group: "older", privisId: "2604", privis: "customerresearch", zh: "客户调研", en: "Customer Research", layout: "app", status: "built", inMenu: true },
  { path: "/serviceConfig", group: "older", privisId: "2605", privis: "serviceConfig", zh: "服务配置", en: "Service Settings", layout: "app", status: "planned", inMenu: true },
  { path: "/contractClear", group: "older", privisId: "2606", privis: "contractClear", zh: "合同清算", en: "Contract Settlement", layout: "app", status: "built", inMenu: true },
  { path: "/contractClearRecord", group: "older", privisId: "2607", privis: "contractClearRecord", zh: "清算记录", en: "Settlement Records", layout: "app", status: "built", inMenu: true },
  { path: "/contractSubManagement", group: "older", privisId: "2608", privis: "contractSubManagement", zh: "子合同管理", en: "Sub-Contract Management", layout: "app", status: "built", inMenu: true },
  { path: "/license", group: "older", privisId: "2609", privis: "license", zh: "证照管理", en: "License Management", layout: "app", status: "planned", inMenu: true },
  { path: "/NotificationSetting", group: "older", privisId: "2610", privis: "NotificationSetting", zh: "通知设置", en: "Notification Settings", layout: "app", status: "planned", inMenu: true },
  { path: "/createcode", group: "older", privisId: "2611", privis: "createcode", zh: "生成编码", en: "Code Generator", layout: "app", status: "planned", inMenu: true },
  { path: "/tempCrane", group: "older", privisId: "2612", privis: "tempCrane", zh: "临时吊车", en: "Temporary Cranes", layout: "app", status: "built", inMenu: true },
  { path: "/clearOvertimeManage", group: "older", privisId: "2613", privis: "clearOvertimeManage", zh: "超期清算管理", en: "Overtime Settlements", layout: "app", status: "built", inMenu: true },
  { path: "/contractRevenue", group: "older", privisId: "2614", privis: "contractRevenue", zh: "合同收入", en: "Contract Revenue", layout: "app", status: "built", inMenu: true },
  { path: "/smartDataOil", group: "older", privisId: "2615", privis: "smartDataOil", zh: "智能油耗", en: "Smart Fuel Data", layout: "app", status: "planned", inMenu: true },
  { path: "/smartDataWorkTime", group: "older", privisId: "2616", privis: "smartDataWorkTime", zh: "智能工时", en: "Smart Working Hours", layout: "app", status: "planned", inMenu: true },
  { path: "/accidentProposal", group: "older", privisId: "2617", privis: "accidentProposal", zh: "事故申报", en: "Accident Filings", layout: "app", status: "planned", inMenu: true },
  { path: "/hazardInvestigation", group: "older", privisId: "2618", privis: "hazardInvestigation", zh: "隐患排查", en: "Hazard Investigation", layout: "app", status: "planned", inMenu: true },
  { path: "/seaFenceManage", group: "older", privisId: "2619", privis: "seaFenceManage", zh: "海上围栏管理", en: "Offshore Fence Management", layout: "app", status: "planned", inMenu: true },
  // Warning Management (27)
  { path: "/weatherRiskWarning", group: "warning", privisId: "2701", privis: "weatherRiskWarning", zh: "气象风险预警", en: "Weather Risk Warnings", layout: "app", status: "planned", inMenu: true },
  { path: "/weatherRiskWarningManage", group: "warning", privisId: "2702", privis: "weatherRiskWarningManage", zh: "气象预警管理", en: "Weather Warning Management", layout: "app", status: "planned", inMenu: true },
  // Big Screens (30)
  { path: "/customerScreen", group: "bigScreen", privisId: "3221", privis: "customerScreen", zh: "客户大屏", en: "Customer Screen", layout: "fullscreen", status: "planned", inMenu: true },
  { path: "/windScreen", group: "bigScreen", privisId: "3001", privis: "windScreen", zh: "风电监控大屏", en: "Wind Power Screen", layout: "fullscreen", status: "planned", inMenu: true },
  { path: "/customerScreenInfo", group: "bigScreen", privisId: "3002", privis: "customerScreenInfo", zh: "客户信息大屏", en: "Customer Info Screen", layout: "fullscreen", status: "planned", inMenu: true },
  { path: "/towerScreen", group: "bigScreen", privisId: "3003", privis: "towerScreen", zh: "塔吊大屏", en: "Tower Crane Screen", layout: "fullscreen", status: "planned", inMenu: true },
  { path: "/competitionScreen", group: "bigScreen", privisId: "3004", privis: "competitionScreen", zh: "竞赛大屏", en: "Competition Screen", layout: "fullscreen", status: "planned", inMenu: true },
  { path: "/homeworkScreen", group: "bigScreen", privisId: "3005", privis: "homeworkScreen", zh: "作业大屏", en: "Operations Screen", layout: "fullscreen", status: "planned", inMenu: true },
  // Sign-In (90)
  { path: "/login", group: "auth", privisId: "9001", privis: "login", zh: "登录", en: "Sign In", layout: "open", status: "built", inMenu: false },
  { path: "/loginAdmin", group: "auth", privisId: "9002", privis: "loginAdmin", zh: "管理员登录", en: "Admin Sign In", layout: "open", status: "built", inMenu: false },
  { path: "/resetPassword", group: "auth", privisId: "9003", privis: "resetPassword", zh: "重置密码", en: "Reset Password", layout: "open", status: "built", inMenu: false },
];

export const SCREEN_BY_PATH: ReadonlyMap<string, ScreenDef> = new Map(SCREENS.map((s) => [s.path.toLowerCase(), s]));

/** Screens whose path has ":param" segments, split into lower-case segments once. */
const PATTERNS: ReadonlyArray<{ segments: string[]; screen: ScreenDef }> = SCREENS.filter((s) => s.path.includes("/:")).map((s) => ({
  segments: s.path.toLowerCase().split("/"),
  screen: s,
}));

/** Finds the screen for a URL pathname (case-insensitive, matches ":id" segments). */
export function findScreen(pathname: string): ScreenDef | undefined {
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname).toLowerCase();
  const exact = SCREEN_BY_PATH.get(path);
  if (exact) return exact;
  const parts = path.split("/");
  return PATTERNS.find(({ segments }) => segments.length === parts.length && segments.every((seg, i) => (seg.startsWith(":") ? parts[i] !== "" : seg === parts[i])))?.screen;
}
