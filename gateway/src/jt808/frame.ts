/**
 * JT/T 808 framing: 0x7e delimiters, 0x7d escapes, XOR checksum.
 *
 * The wire form is `7e <escaped header+body+checksum> 7e`. Inside a frame 0x7e is sent as 7d 02 and 0x7d as 7d 01,
 * so a 0x7e byte always marks a frame boundary and TCP reads can be cut anywhere.
 */

const FLAG = 0x7e;
const ESC = 0x7d;

/** Escapes a frame's contents for the wire (without the delimiters). */
export function escape(bytes: Uint8Array): Uint8Array {
  let extra = 0;
  for (const b of bytes) if (b === FLAG || b === ESC) extra++;
  const out = new Uint8Array(bytes.length + extra);
  let j = 0;
  for (const b of bytes) {
    if (b === FLAG) {
      out[j++] = ESC;
      out[j++] = 0x02;
    } else if (b === ESC) {
      out[j++] = ESC;
      out[j++] = 0x01;
    } else {
      out[j++] = b;
    }
  }
  return out;
}

/**
 * Reverses `escape`. A 0x7d followed by anything but 01/02 is kept as sent (both bytes): the frame is corrupt and
 * its checksum will say so, which is a better answer than silently inventing a byte.
 */
export function unescape(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let j = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === ESC && i + 1 < bytes.length && (bytes[i + 1] === 0x01 || bytes[i + 1] === 0x02)) {
      out[j++] = bytes[i + 1] === 0x01 ? ESC : FLAG;
      i++;
    } else {
      out[j++] = b;
    }
  }
  return out.slice(0, j);
}

/** XOR of all bytes: the JT/T 808 check code over header and body. */
export function xor(bytes: Uint8Array): number {
  let x = 0;
  for (const b of bytes) x ^= b;
  return x;
}

/** The reader's states (plain constants rather than an enum, so the file stays erasable TypeScript). */
const State = {
  /** Before a frame's opening 0x7e: bytes here are garbage and skipped. */
  Outside: 0,
  Inside: 1,
  /** Inside, after a 0x7d whose partner byte has not arrived yet (a read can end between the two). */
  Escape: 2,
  /** The frame outgrew maxFrameBytes: skip to its closing 0x7e without storing anything. */
  Discard: 3,
} as const;
type State = (typeof State)[keyof typeof State];

/**
 * Turns raw TCP reads into frames (unescaped contents between the delimiters, checksum byte included).
 *
 * One fixed buffer of maxFrameBytes per connection: a terminal that never sends a closing 0x7e costs no more memory
 * than one that behaves. A 0x7e right after another (7e 7e, or joining a stream mid-frame) is taken as the opener of
 * the next frame, so a reader that starts out of step falls back in step at the next pair of delimiters.
 */
export class FrameReader {
  /** Frames discarded for being longer than maxFrameBytes. */
  overflows = 0;
  private readonly buf: Uint8Array;
  private len = 0;
  private state: State = State.Outside;

  constructor(readonly maxFrameBytes = 4096) {
    this.buf = new Uint8Array(maxFrameBytes);
  }

  push(chunk: Uint8Array): Uint8Array[] {
    const frames: Uint8Array[] = [];
    for (const b of chunk) {
      if (b === FLAG) {
        this.delimiter(frames);
        continue;
      }
      switch (this.state) {
        case State.Outside:
        case State.Discard:
          break;
        case State.Inside:
          if (b === ESC) this.state = State.Escape;
          else this.append(b);
          break;
        case State.Escape:
          this.state = State.Inside;
          if (b === 0x01) this.append(ESC);
          else if (b === 0x02) this.append(FLAG);
          else {
            // invalid escape: keep both bytes so the checksum rejects the frame
            this.append(ESC);
            this.append(b);
          }
          break;
      }
    }
    return frames;
  }

  private delimiter(frames: Uint8Array[]): void {
    if (this.state === State.Escape) this.append(ESC); // a dangling 0x7d before the delimiter: keep it, corrupt frame
    if (this.state === State.Discard) {
      this.state = State.Outside;
    } else if (this.state === State.Outside || this.len === 0) {
      this.state = State.Inside; // opener (or the second of 7e 7e)
    } else {
      frames.push(this.buf.slice(0, this.len));
      this.state = State.Outside;
    }
    this.len = 0;
  }

  private append(b: number): void {
    if (this.state === State.Discard) return;
    if (this.len >= this.maxFrameBytes) {
      this.overflows++;
      this.state = State.Discard;
      this.len = 0;
      return;
    }
    this.buf[this.len++] = b;
  }
}
