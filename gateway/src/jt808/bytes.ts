/**
 * Bounds-checked byte cursor and growable writer for the JT/T 808 codec.
 *
 * Plain DataView / Uint8Array (no Node Buffer) so the codec also runs in a Worker. Every read checks the remaining
 * length first: a terminal can send any bytes, and a short body must become a typed error the caller can turn into
 * a "malformed" answer, never a RangeError from deep inside DataView.
 */
import iconv from "iconv-lite";

/** A body too short or otherwise impossible to decode; `decodeMessage` turns it into `{ kind: "malformed" }`. */
export class Jt808DecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Jt808DecodeError";
  }
}

const gbkDecoder = new TextDecoder("gbk");

/** GBK bytes to text; invalid sequences become U+FFFD instead of throwing (a terminal's garbage must not kill a session). */
export function decodeGbk(bytes: Uint8Array): string {
  return gbkDecoder.decode(bytes);
}

/** Text to GBK bytes. ASCII skips iconv-lite so the common case costs nothing and needs no Buffer. */
export function encodeGbk(text: string): Uint8Array {
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out;
  }
  // copy out of the (pooled) Buffer so callers hold a plain Uint8Array of exactly these bytes
  return new Uint8Array(iconv.encode(text, "gbk"));
}

/** Lower-case hex of bytes, e.g. for unknown items and BCD. */
export function toHex(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}

/** Hex (even length, [0-9a-f]) to bytes; throws RangeError on anything else, since it is our own input to validate. */
export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new RangeError(`not hex: ${hex}`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Drops trailing NUL padding (and spaces some terminals pad with) from a fixed-width field. */
function trimPadding(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === 0 || bytes[end - 1] === 0x20)) end--;
  return bytes.subarray(0, end);
}

export class ByteReader {
  private readonly view: DataView;
  offset = 0;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  /** Throws Jt808DecodeError unless n more bytes are there, naming the field for the log. */
  need(n: number, what: string): void {
    if (n < 0 || this.remaining < n) {
      throw new Jt808DecodeError(`${what}: need ${n} bytes at ${this.offset}, have ${this.remaining}`);
    }
  }

  u8(what = "byte"): number {
    this.need(1, what);
    return this.view.getUint8(this.offset++);
  }

  u16(what = "word"): number {
    this.need(2, what);
    const v = this.view.getUint16(this.offset);
    this.offset += 2;
    return v;
  }

  i16(what = "word"): number {
    this.need(2, what);
    const v = this.view.getInt16(this.offset);
    this.offset += 2;
    return v;
  }

  u32(what = "dword"): number {
    this.need(4, what);
    const v = this.view.getUint32(this.offset);
    this.offset += 4;
    return v;
  }

  bytesN(n: number, what = "bytes"): Uint8Array {
    this.need(n, what);
    const v = this.bytes.subarray(this.offset, this.offset + n);
    this.offset += n;
    return v;
  }

  rest(): Uint8Array {
    return this.bytesN(this.remaining);
  }

  /** BCD[n] as its hex digits, exactly as sent (a non-decimal nibble shows as a-f rather than being lost). */
  bcd(n: number, what = "bcd"): string {
    return toHex(this.bytesN(n, what));
  }

  /** Fixed-width GBK text, padding removed. */
  fixedText(n: number, what = "text"): string {
    return decodeGbk(trimPadding(this.bytesN(n, what)));
  }

  /** GBK text to the end of the body, trailing NULs removed (some terminals terminate STRINGs). */
  restText(): string {
    const bytes = this.rest();
    let end = bytes.length;
    while (end > 0 && bytes[end - 1] === 0) end--;
    return decodeGbk(bytes.subarray(0, end));
  }
}

export class ByteWriter {
  private buf = new Uint8Array(64);
  length = 0;

  private grow(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  u8(v: number): this {
    checkUint(v, 0xff, "byte");
    this.grow(1);
    this.buf[this.length++] = v;
    return this;
  }

  u16(v: number): this {
    checkUint(v, 0xffff, "word");
    this.grow(2);
    this.buf[this.length++] = v >>> 8;
    this.buf[this.length++] = v & 0xff;
    return this;
  }

  i16(v: number): this {
    if (!Number.isInteger(v) || v < -0x8000 || v > 0x7fff) throw new RangeError(`not a signed word: ${v}`);
    return this.u16(v & 0xffff);
  }

  u32(v: number): this {
    checkUint(v, 0xffffffff, "dword");
    this.grow(4);
    this.buf[this.length++] = (v >>> 24) & 0xff;
    this.buf[this.length++] = (v >>> 16) & 0xff;
    this.buf[this.length++] = (v >>> 8) & 0xff;
    this.buf[this.length++] = v & 0xff;
    return this;
  }

  bytes(b: Uint8Array): this {
    this.grow(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
    return this;
  }

  /** Hex digits as BCD[n], left-padded with zeros; more digits than fit is the caller's bug. */
  bcd(digits: string, n: number, what = "bcd"): this {
    if (digits.length > n * 2) throw new RangeError(`${what}: ${digits.length} digits do not fit BCD[${n}]`);
    return this.bytes(fromHex(digits.padStart(n * 2, "0")));
  }

  /** GBK text in a fixed width, right-padded with NULs; text that does not fit is refused, not cut. */
  fixedText(text: string, n: number, what = "text"): this {
    const b = encodeGbk(text);
    if (b.length > n) throw new RangeError(`${what}: ${b.length} bytes do not fit ${n}`);
    this.bytes(b);
    this.grow(n - b.length);
    this.buf.fill(0, this.length, this.length + n - b.length);
    this.length += n - b.length;
    return this;
  }

  text(text: string): this {
    return this.bytes(encodeGbk(text));
  }

  done(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

function checkUint(v: number, max: number, what: string): void {
  if (!Number.isInteger(v) || v < 0 || v > max) throw new RangeError(`not a ${what}: ${v}`);
}
