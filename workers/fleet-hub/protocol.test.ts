import { describe, expect, it } from "vitest";
import { MAX_TOPICS, parseClientMessage } from "./protocol";

describe("hub protocol", () => {
  it("accepts subscribe, unsubscribe and ping", () => {
    expect(parseClientMessage('{"type":"subscribe","topics":["fleet:counts","vehicle:12"]}')).toEqual({ type: "subscribe", topics: ["fleet:counts", "vehicle:12"] });
    expect(parseClientMessage('{"type":"unsubscribe","topics":["a"]}')).toEqual({ type: "unsubscribe", topics: ["a"] });
    expect(parseClientMessage('{"type":"ping"}')).toEqual({ type: "ping" });
  });
  it("refuses anything else", () => {
    expect(parseClientMessage("not json")).toBeNull();
    expect(parseClientMessage('{"type":"publish","topic":"x"}')).toBeNull();
    expect(parseClientMessage('{"type":"subscribe","topics":[]}')).toBeNull();
    expect(parseClientMessage('{"type":"subscribe","topics":["bad topic"]}')).toBeNull();
    expect(parseClientMessage(JSON.stringify({ type: "subscribe", topics: Array.from({ length: MAX_TOPICS + 1 }, (_, i) => `t${i}`) }))).toBeNull();
    expect(parseClientMessage(new ArrayBuffer(4))).toBeNull();
  });
});
