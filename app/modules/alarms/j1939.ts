/**
 * Names of J1939 fault codes in both languages: the common SPNs (suspect parameter numbers) a crane or truck engine
 * reports and the full FMI (failure mode identifier) table 0–31 of SAE J1939-73. Data only, about 3 KB gzipped:
 * the server formats the alarm list with it and the browser loads it lazily (useJ1939Names), never in a list chunk.
 * An SPN not listed here is shown by its number.
 */
import type { Label } from "~/lib/list/types";

export const J1939_SPN: Record<number, Label> = {
  27: { zh: "EGR 阀位置", en: "EGR valve position" },
  51: { zh: "节气门位置", en: "throttle position" },
  84: { zh: "车速", en: "wheel-based vehicle speed" },
  91: { zh: "加速踏板位置", en: "accelerator pedal position" },
  94: { zh: "燃油供给压力", en: "fuel delivery pressure" },
  96: { zh: "燃油液位", en: "fuel level" },
  97: { zh: "油中有水", en: "water in fuel" },
  98: { zh: "机油液位", en: "engine oil level" },
  100: { zh: "机油压力", en: "engine oil pressure" },
  101: { zh: "曲轴箱压力", en: "crankcase pressure" },
  102: { zh: "进气歧管压力（增压压力）", en: "intake manifold pressure (boost)" },
  103: { zh: "涡轮增压器转速", en: "turbocharger speed" },
  105: { zh: "进气歧管温度", en: "intake manifold temperature" },
  107: { zh: "空气滤清器压差", en: "air filter differential pressure" },
  108: { zh: "大气压力", en: "barometric pressure" },
  109: { zh: "冷却液压力", en: "coolant pressure" },
  110: { zh: "发动机冷却液温度", en: "engine coolant temperature" },
  111: { zh: "冷却液液位", en: "coolant level" },
  157: { zh: "共轨燃油压力", en: "fuel rail pressure" },
  158: { zh: "钥匙开关电池电压", en: "keyswitch battery voltage" },
  167: { zh: "充电系统电压", en: "charging system voltage" },
  168: { zh: "蓄电池电压", en: "battery voltage" },
  171: { zh: "环境温度", en: "ambient air temperature" },
  173: { zh: "排气温度", en: "exhaust gas temperature" },
  174: { zh: "燃油温度", en: "fuel temperature" },
  175: { zh: "机油温度", en: "engine oil temperature" },
  177: { zh: "变速箱油温", en: "transmission oil temperature" },
  183: { zh: "燃油消耗率", en: "fuel rate" },
  190: { zh: "发动机转速", en: "engine speed" },
  247: { zh: "发动机累计运行小时", en: "engine total hours" },
  250: { zh: "累计燃油消耗", en: "total fuel used" },
  412: { zh: "EGR 温度", en: "EGR temperature" },
  513: { zh: "发动机实际扭矩百分比", en: "actual engine torque" },
  597: { zh: "制动开关", en: "brake switch" },
  629: { zh: "控制器（ECU）", en: "controller (ECU)" },
  636: { zh: "凸轮轴位置传感器", en: "camshaft position sensor" },
  639: { zh: "J1939 网络", en: "J1939 network" },
  651: { zh: "1 缸喷油器", en: "injector cylinder 1" },
  652: { zh: "2 缸喷油器", en: "injector cylinder 2" },
  653: { zh: "3 缸喷油器", en: "injector cylinder 3" },
  654: { zh: "4 缸喷油器", en: "injector cylinder 4" },
  655: { zh: "5 缸喷油器", en: "injector cylinder 5" },
  656: { zh: "6 缸喷油器", en: "injector cylinder 6" },
  723: { zh: "曲轴转速传感器", en: "crankshaft speed sensor" },
  1136: { zh: "ECU 温度", en: "ECU temperature" },
  1569: { zh: "发动机保护降扭", en: "engine protection torque derate" },
  1761: { zh: "尿素液位", en: "DEF tank level" },
  3031: { zh: "尿素温度", en: "DEF tank temperature" },
  3216: { zh: "SCR 上游 NOx 浓度", en: "intake NOx" },
  3226: { zh: "SCR 下游 NOx 浓度", en: "outlet NOx" },
  3251: { zh: "DPF 压差", en: "DPF differential pressure" },
  3364: { zh: "尿素品质", en: "DEF quality" },
  3719: { zh: "DPF 碳载量", en: "DPF soot load" },
  4364: { zh: "SCR 转化效率", en: "SCR conversion efficiency" },
};

/** SAE J1939-73 failure mode identifiers 0–31 (22–30 are reserved). */
export const J1939_FMI: Label[] = [
  { zh: "高于正常范围", en: "above normal range" },
  { zh: "低于正常范围", en: "below normal range" },
  { zh: "数据不稳定、间歇或错误", en: "erratic, intermittent or incorrect" },
  { zh: "电压高于正常或对电源短路", en: "voltage above normal or shorted high" },
  { zh: "电压低于正常或对地短路", en: "voltage below normal or shorted low" },
  { zh: "电流低于正常或开路", en: "current below normal or open circuit" },
  { zh: "电流高于正常或接地", en: "current above normal or grounded" },
  { zh: "机械系统无响应或失调", en: "mechanical system not responding" },
  { zh: "频率、脉宽或周期异常", en: "abnormal frequency, pulse width or period" },
  { zh: "更新速率异常", en: "abnormal update rate" },
  { zh: "变化速率异常", en: "abnormal rate of change" },
  { zh: "原因未知", en: "root cause not known" },
  { zh: "智能设备或部件损坏", en: "bad intelligent device or component" },
  { zh: "超出标定范围", en: "out of calibration" },
  { zh: "特殊说明", en: "special instructions" },
  { zh: "略高于正常范围", en: "slightly above normal range" },
  { zh: "较高于正常范围", en: "moderately above normal range" },
  { zh: "略低于正常范围", en: "slightly below normal range" },
  { zh: "较低于正常范围", en: "moderately below normal range" },
  { zh: "接收的网络数据错误", en: "received network data in error" },
  { zh: "数据漂移偏高", en: "data drifted high" },
  { zh: "数据漂移偏低", en: "data drifted low" },
  ...Array.from({ length: 9 }, () => ({ zh: "保留", en: "reserved" })),
  { zh: "条件存在", en: "condition exists" },
];

/** What the detail formatter asks of a dictionary: the name of an SPN or FMI, or undefined when unknown. */
export interface J1939Names {
  spn(spn: number): Label | undefined;
  fmi(fmi: number): Label | undefined;
}

export const J1939_NAMES: J1939Names = {
  spn: (spn) => J1939_SPN[spn],
  fmi: (fmi) => J1939_FMI[fmi],
};
