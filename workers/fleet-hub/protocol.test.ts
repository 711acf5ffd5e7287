import { describe, expect, it } from "vitest";
import { MAX_WATCH_VEHICLES, onlineClassOf, parseClientMessage, statusOf } from "./protocol";

describe("hub protocol", () => {
  it("accepts watch, ack and ping", () => {
    expect(parseClientMessage('{"type":"watch","vehicles":"all","counts":true,"alarms":true,"since":42,"hz":2}')).toEqual({ type: "watch", vehicles: "all", counts: true, alarms: true, since: 42, hz: 2 });
    expect(parseClientMessage('{"type":"watch","vehicles":[3,4],"bbox":[121,31,122,32]}')).toEqual({ type: "watch", vehicles: [3, 4], bbox: [121, 31, 122, 32] });
    expect(parseClientMessage('{"type":"ack","seq":7}')).toEqual({ type: "ack", seq: 7 });
    expect(parseClientMessage('{"type":"ping"}')).toEqual({ type: "ping" });
  });
  it("refuses anything else", () => {
    expect(parseClientMessage("not json")).toBeNull();
    expect(parseClientMessage('{"type":"publish","topic":"x"}')).toBeNull();
    expect(parseClientMessage('{"type":"watch","vehicles":[0]}')).toBeNull();
    expect(parseClientMessage('{"type":"watch","vehicles":"some"}')).toBeNull();
    expect(parseClientMessage('{"type":"watch","bbox":[121,33,122,32]}')).toBeNull();
    expect(parseClientMessage('{"type":"watch","bbox":[1,2,3]}')).toBeNull();
    expect(parseClientMessage('{"type":"watch","hz":50}')).toBeNull();
    expect(parseClientMessage('{"type":"watch","since":-1}')).toBeNull();
    expect(parseClientMessage('{"type":"ack","seq":"7"}')).toBeNull();
    expect(parseClientMessage(JSON.stringify({ type: "watch", vehicles: Array.from({ length: MAX_WATCH_VEHICLES + 1 }, (_, i) => i + 1) }))).toBeNull();
    expect(parseClientMessage(new ArrayBuffer(4))).toBeNull();
  });
  it("derives status and online class from the last report", () => {
    const now = Date.UTC(2026, 10, 23, 6);
    const five = 5 * 60_000;
    expect(statusOf(null, null, now, five)).toBe("never");
    expect(statusOf(now - 60_000, 30, now, five)).toBe("running");
    expect(statusOf(now - 60_000, 0, now, five)).toBe("stopped");
    expect(statusOf(now - five - 1, 30, now, five)).toBe("offline");
    const today = Date.UTC(2026, 10, 22, 16); // 00:00 in Shanghai
    expect(onlineClassOf(now - 1000, now, five, today)).toBe("online");
    expect(onlineClassOf(now - 3600_000, now, five, today)).toBe("today");
    expect(onlineClassOf(now - 20 * 3600_000, now, five, today)).toBe("day1");
    expect(onlineClassOf(now - 3 * 86_400_000, now, five, today)).toBe("days2to5");
    expect(onlineClassOf(now - 6 * 86_400_000, now, five, today)).toBe("over5");
    expect(onlineClassOf(null, now, five, today)).toBe("never");
  });
});
