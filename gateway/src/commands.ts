/**
 * Commands from the platform as JT808 messages (docs/jt808.md, "Commands"): a terminal_commands row (kind, payload)
 * becomes one message down the terminal's open connection, and what the terminal answers ends it. Kinds:
 * text → 0x8300, params → 0x8103, query_params → 0x8104 (all) or 0x8106 (the ids), control → 0x8105, locate → 0x8201,
 * lock / unlock → 0x8900 passthrough (type LOCK_PASSTHROUGH, one byte: the operation), ota → 0x8105 wireless upgrade.
 */
import { encodeControl, encodePassthrough, encodeQueryParams, encodeSetParams, encodeText, MSG, upgradeControl, type Params } from "./jt808";

export interface Command {
  id: number;
  phone: string;
  kind: string;
  payload: Record<string, unknown> | null;
}

/** How the terminal's answer ends the command. */
export type Awaits =
  /** its general response (0x0001) with result 0 is done, anything else failed */
  | "response"
  /** the general response is a receipt (the upgrade starts: acked); the upgrade result (0x0108) ends it */
  | "upgrade"
  /** the parameters reply (0x0104) ends it with the values */
  | "params"
  /** the location reply (0x0201) ends it with the position */
  | "location";

export interface Outgoing {
  msgId: number;
  body: Uint8Array;
  awaits: Awaits;
}

/** The passthrough message type of the lock (the standard leaves 0xF0–0xFF to the user). */
export const LOCK_PASSTHROUGH = 0xf1;
/** The lock operation's byte in the passthrough (docs/jt808.md, "Lock"). */
export const LOCK_OPERATIONS: Record<string, number> = { activate: 1, lock1: 2, lock2: 3, unlock: 4, close: 5 };

const text = (v: unknown, max: number): string | null => (typeof v === "string" && v.length > 0 && v.length <= max ? v : null);

/** The message of a command, or why it cannot go to a JT808 terminal (it then fails at once, with that reason). */
export function outgoing(command: Command, edition: 2013 | 2019): Outgoing | { refused: string } {
  const p = command.payload ?? {};
  switch (command.kind) {
    case "text": {
      const t = text(p.text, 500);
      // flags: 0x08 show on the terminal's display, 0x04 read aloud (TTS)
      return t ? { msgId: MSG.text, body: encodeText({ flags: 0x0c, text: t }, edition), awaits: "response" } : { refused: "text must be 1 to 500 characters" };
    }
    case "params": {
      const set = p.set;
      if (!set || typeof set !== "object" || Array.isArray(set)) return { refused: "params needs set: {id: value}" };
      const params: Params = {};
      for (const [key, value] of Object.entries(set)) {
        const id = Number(key);
        if (!Number.isInteger(id) || id < 0 || id > 0xffffffff || (typeof value !== "number" && typeof value !== "string")) return { refused: `parameter ${key} is not an id with a number or text` };
        params[id] = value;
      }
      return { msgId: MSG.setParams, body: encodeSetParams(params), awaits: "response" };
    }
    case "query_params": {
      const ids = p.ids;
      if (ids === null || ids === undefined) return { msgId: MSG.queryParams, body: encodeQueryParams(null), awaits: "params" };
      if (!Array.isArray(ids) || !ids.every((i) => Number.isInteger(i) && i >= 0 && i <= 0xffffffff) || ids.length > 255) return { refused: "ids must be up to 255 parameter ids" };
      return { msgId: MSG.queryParamsById, body: encodeQueryParams(ids as number[]), awaits: "params" };
    }
    case "control": {
      const c = Number(p.command);
      if (!Number.isInteger(c) || c < 1 || c > 0xff) return { refused: "command must be 1 to 255" };
      return { msgId: MSG.control, body: encodeControl({ command: c, params: typeof p.params === "string" ? p.params : "" }), awaits: c === 1 ? "upgrade" : "response" };
    }
    case "locate":
      return { msgId: MSG.locate, body: new Uint8Array(0), awaits: "location" };
    case "lock":
    case "unlock": {
      const op = LOCK_OPERATIONS[command.kind === "unlock" ? "unlock" : String(p.operation)];
      if (!op) return { refused: "operation must be activate, lock1, lock2, unlock or close" };
      return { msgId: MSG.passthroughDown, body: encodePassthrough({ type: LOCK_PASSTHROUGH, data: Uint8Array.of(op) }), awaits: "response" };
    }
    case "ota": {
      const url = text(p.url, 1000);
      const version = text(p.version, 64);
      if (!url || !version) return { refused: "ota needs url and version" };
      return { msgId: MSG.control, body: encodeControl(upgradeControl(url, version)), awaits: "upgrade" };
    }
    default:
      return { refused: `${command.kind} is not a command a JT808 terminal takes` };
  }
}

/** The words of a terminal's general-response result. */
export const RESPONSE_RESULT = ["ok", "failed", "bad_message", "not_supported", "alarm_confirmed"] as const;
