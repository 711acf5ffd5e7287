import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources";

describe("widget texts quote the spec", () => {
  it("in Chinese, exactly", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "zh-CN", resources, ns: ["widgets"], defaultNS: "widgets", interpolation: { escapeValue: false } });
    const t = i18n.getFixedT("zh-CN", "widgets");
    expect(t("toast.success")).toBe("操作成功！");
    expect(t("toast.failed")).toBe("操作失败");
    expect(t("toast.copySuccess")).toBe("复制成功");
    expect(t("toast.copyFailed")).toBe("复制失败");
    expect(t("noPermission.title")).toBe("提示");
    expect(t("download")).toBe("下载");
    expect(t("back")).toBe("返回");
    expect(t("calendar.selectMonth")).toBe("选择月");
    expect(t("calendar.registrations", { count: 3 })).toBe("3条出车登记");
    expect(([1, 2, 3, 4] as const).map((q) => t(`quarter.short.${q}`))).toEqual(["一", "二", "三", "四"]);
    expect(([1, 2, 3, 4] as const).map((q) => t(`quarter.long.${q}`))).toEqual(["第一季度", "第二季度", "第三季度", "第四季度"]);
    expect(t("yearRange.panelHeader", { start: 2020, end: 2029 })).toBe("2020年 - 2029年");
  });
  it("in English, never the Chinese text", () => {
    const leaves = (o: object): string[] => Object.values(o).flatMap((v) => (typeof v === "string" ? [v] : leaves(v as object)));
    const en = leaves(resources["en-US"].widgets);
    expect(en.length).toBe(leaves(resources["zh-CN"].widgets).length);
    for (const text of en) expect(text).not.toMatch(/[\u4e00-\u9fa5]/);
  });
});
