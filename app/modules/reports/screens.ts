import { defineScreens } from "~/modules/screens/define";

/**
 * The telematics reports the spec names without a path (§2 "mileage, fuel, offline, online … reports", "driving
 * behaviour analysis"; §3 "Driving behaviour score"), in the report group beside 作业报表 (docs/reports.md).
 */
export default defineScreens({
  screens: [
    { path: "/mileageReport", group: "report", privisId: "1316", privis: "mileageReport", zh: "里程报表", en: "Mileage Report", layout: "app", status: "built", inMenu: true },
    { path: "/onlineReport", group: "report", privisId: "1317", privis: "onlineReport", zh: "在线离线报表", en: "Online & Offline Report", layout: "app", status: "built", inMenu: true },
    {
      path: "/drivingBehaviorReport",
      group: "report",
      privisId: "1318",
      privis: "drivingBehaviorReport",
      zh: "驾驶行为分析",
      en: "Driving Behaviour Analysis",
      layout: "app",
      status: "built",
      inMenu: true,
    },
  ],
});
