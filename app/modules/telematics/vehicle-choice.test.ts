import { describe, expect, it } from "vitest";
import { parsePlates } from "./vehicle-choice.server";

describe("parsePlates", () => {
  it("reads one plate a line (and commas, 、, spaces), trimmed, each once", () => {
    expect(parsePlates(" 沪A00001\r\n沪A00002,沪A00003、沪A00001 \n\n沪A00004；沪A00005")).toEqual(["沪A00001", "沪A00002", "沪A00003", "沪A00004", "沪A00005"]);
  });
  it("reads nothing from an empty or missing value", () => {
    expect(parsePlates("")).toEqual([]);
    expect(parsePlates(undefined)).toEqual([]);
    expect(parsePlates(" \n ")).toEqual([]);
  });
});
