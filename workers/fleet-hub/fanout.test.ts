import { describe, expect, it } from "vitest";
import { Fanout, type Subscriber } from "./fanout";
import { emptyLive, LiveTable } from "./live";
import { ACK_WINDOW, type ServerMessage } from "./protocol";

/** A hub's live table with vehicles 1–3, each at a position, and a fan-out over it at seq 1. */
function hub() {
  const live = new LiveTable();
  for (const id of [1, 2, 3]) {
    live.vehicles.set(id, emptyLive({ id, plate: `沪A0000${id}`, orgId: null, modelId: null, terminalNo: `T00000000${id}`, selfNo: null, state: 1 }));
    live.apply(id, { lng: 121 + id / 10, lat: 31, t: 1_000, seen: 1_000, speed: 10, status: "running" }, 1);
  }
  let seq = 1;
  const fanout = new Fanout(live, () => seq, () => {});
  const open = (userId: number, visible: Set<number> | "all", ackPhase = 0) => {
    const frames: ServerMessage[] = [];
    const ws = { send: (frame: string) => frames.push(JSON.parse(frame) as ServerMessage) } as unknown as WebSocket;
    const sub: Subscriber = { ws, userId, sid: `s${userId}`, grants: 3, watch: {}, sentSeq: seq, visible, unacked: [], frames: ackPhase, lastSentAt: 0, dirty: new Set(), countsDirty: false, alarms: [], inView: new Set(), timer: null, snapshot: false };
    fanout.subs.set(ws, sub);
    return { sub, frames };
  };
  const move = (id: number, lng: number, countsChanged = false) => {
    seq++;
    live.apply(id, { lng }, seq);
    fanout.changed([id], countsChanged);
  };
  return { fanout, open, move };
}

const ids = (m: ServerMessage | undefined) => (m && (m.type === "snapshot" || m.type === "delta") ? m.vehicles.map((v) => v.id).sort() : []);

describe("Fanout's shared frames", () => {
  it("gives each socket its own data scope, even two sockets of one user holding different scopes during a refresh", () => {
    const h = hub();
    const wide = h.open(7, new Set([1, 2]));
    const narrow = h.open(7, new Set([1]));
    h.fanout.watch(wide.sub, { vehicles: "all", counts: true });
    h.fanout.watch(narrow.sub, { vehicles: "all", counts: true });
    expect(ids(wide.frames[0])).toEqual([1, 2]);
    expect(ids(narrow.frames[0])).toEqual([1]);
    expect(narrow.frames[0]).toMatchObject({ counts: { total: 1 } });

    wide.sub.lastSentAt = narrow.sub.lastSentAt = 0; // past the rate limit
    h.move(2, 121.9);
    expect(ids(wide.frames[1])).toEqual([2]);
    expect(narrow.frames[1]).toBeUndefined();
  });

  it("stops sharing frames with a socket once its scope is replaced (a refresh narrowed it)", () => {
    const h = hub();
    const stays = h.open(7, new Set([1, 2]));
    const narrowed = h.open(7, new Set([1, 2]));
    for (const s of [stays, narrowed]) h.fanout.watch(s.sub, { vehicles: "all", counts: true });
    expect(narrowed.frames[0]).toEqual(stays.frames[0]);

    // the same change for both, but the counts are each scope's own
    narrowed.sub.visible = new Set([1]);
    stays.sub.lastSentAt = narrowed.sub.lastSentAt = 0; // past the rate limit
    h.move(1, 121.8, true);
    expect(stays.frames[1]).toMatchObject({ counts: { total: 2 } });
    expect(narrowed.frames[1]).toMatchObject({ counts: { total: 1 } });
  });

  it("sends sockets with the same user, scope and watch the same snapshot, and another user's scope its own", () => {
    const h = hub();
    const screens = Array.from({ length: 5 }, () => h.open(7, new Set([1, 3])));
    const other = h.open(8, "all");
    for (const s of [...screens, other]) h.fanout.watch(s.sub, { vehicles: "all", fields: "map" });
    for (const s of screens) expect(s.frames[0]).toEqual(screens[0]!.frames[0]);
    expect(ids(screens[0]!.frames[0])).toEqual([1, 3]);
    expect(ids(other.frames[0])).toEqual([1, 2, 3]);
  });

  it("asks for an ack on the snapshot and every second delta, and a socket that never acks gets at most the window", () => {
    const h = hub();
    const even = h.open(7, "all");
    const odd = h.open(7, "all", 1);
    for (const s of [even, odd]) h.fanout.watch(s.sub, { vehicles: "all", hz: 10 });
    for (let i = 0; i < 6; i++) {
      for (const s of [even, odd]) s.sub.lastSentAt = 0; // past the rate limit
      h.move(1 + (i % 3), 122 + i / 100);
    }
    const asks = (frames: ServerMessage[]) => frames.map((m) => ("ack" in m && m.ack === 1 ? "ack" : "-"));
    // snapshot, then deltas; the window (4 unacknowledged) holds the rest back, and its last frame asks
    expect(asks(even.frames)).toEqual(["ack", "ack", "-", "ack"].slice(0, ACK_WINDOW));
    expect(asks(odd.frames)).toEqual(["ack", "-", "ack", "ack"].slice(0, ACK_WINDOW));
    // one ack answers the frames before it too: the socket is sent the changes it missed, coalesced, in one frame
    h.fanout.ack(even.sub, (even.frames.at(-1) as { seq: number }).seq);
    expect(even.frames).toHaveLength(ACK_WINDOW + 1);
    expect(ids(even.frames.at(-1))).toEqual([1, 2, 3]);
  });
});
