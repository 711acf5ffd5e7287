/** Test helpers: hex in, frame contents out. */
import { fromHex } from "./bytes";
import { FrameReader } from "./frame";

/** Hex with optional spaces to bytes. */
export const hex = (s: string): Uint8Array => fromHex(s.replace(/\s+/g, ""));

/** A whole wire frame (7e … 7e, as Traccar's tests give them) to what FrameReader hands decodePacket. */
export function contents(wire: Uint8Array): Uint8Array {
  const frames = new FrameReader().push(wire);
  if (frames.length !== 1) throw new Error(`expected one frame, got ${frames.length}`);
  return frames[0];
}
