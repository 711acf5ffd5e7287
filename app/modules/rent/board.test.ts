import { describe, expect, it } from "vitest";
import { BOARD_STATES, contractStateName } from "./board";

// The board's bars and a machine's rental history name a contract's state as the contract screens do. They once kept
// their own list, which called 已终止 (7) 已中止 and 已中止 (8) 已停止, and 执行中 'Executing' against the document's 'In force'.
describe("contractStateName", () => {
  it("names every state as the contract document does, in both languages", () => {
    const zh = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((s) => contractStateName(s, "zh-CN"));
    expect(zh).toEqual(["草稿", "审批中", "已审批", "执行中", "已完成", "已驳回", "已作废", "已终止", "已中止", "提前终止"]);
    expect(contractStateName(3, "en-US")).toBe("In force");
    expect(contractStateName(5, "en-US")).toBe("Rejected");
  });

  it("names the board's states", () => {
    expect(Object.values(BOARD_STATES).map((s) => contractStateName(s, "en-US"))).toEqual(["Draft", "In approval", "Approved", "In force"]);
  });
});
