// A WebSocket client cut to what the fan-out bench needs, on a bare TCP socket (RFC 6455): text frames in and out,
// answers to pings, a clean close. The bench opens a thousand of them in one Node process, which stands in for a
// thousand browsers on a thousand machines; with the ws library each frame crossed a Writable stream and a parser
// object before the bench saw it, and that work, on the same two cores as the hub, showed up in the hub's figures.
import { createHash, randomBytes } from "node:crypto";
import { connect } from "node:net";
import type { FanoutSocket } from "./fanout-rounds";

const GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/** One frame from this client: FIN, the opcode, the masked payload (a client must mask, RFC 6455 §5.3). */
function frame(opcode: number, payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + 4 + n);
  out[0] = 0x80 | opcode;
  if (n < 126) out[1] = 0x80 | n;
  else if (n < 65536) {
    out[1] = 0x80 | 126;
    out.writeUInt16BE(n, 2);
  } else {
    out[1] = 0x80 | 127;
    out.writeBigUInt64BE(BigInt(n), 2);
  }
  // the mask keeps a proxy from taking a frame for something it caches; it need not be secret here
  const mask = (Math.random() * 0x1_0000_0000) >>> 0;
  out.writeUInt32BE(mask, head);
  for (let i = 0; i < n; i++) out[head + 4 + i] = payload[i]! ^ out[head + (i & 3)]!;
  return out;
}

/** Every socket reads into this one buffer (net's `onread`): no Buffer and no stream event per read. */
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024);

/** Opens a socket whose message handler gets a view into the bytes read: it must use them before it returns. */
export function openLean(url: string, headers: Record<string, string>): Promise<FanoutSocket> {
  const { hostname, port, pathname, search } = new URL(url);
  const key = randomBytes(16).toString("base64");
  return new Promise((resolve, reject) => {
    let handler: (data: Buffer) => void = () => {};
    let open = false;
    /** bytes read that do not yet make a whole frame (or, before the upgrade, a whole response head), and their length */
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    /** the frame the pending bytes begin, once its head is known: its whole length */
    let needed = 0;
    /** a fragmented message's payloads so far */
    let parts: Buffer[] = [];
    const fail = (error: Error) => {
      socket.destroy();
      if (!open) reject(error);
    };
    /** Hands over the whole frames in `bytes` (which the caller may reuse: what is left over is copied). */
    const frames = (bytes: Buffer) => {
      let at = 0;
      needed = 0;
      while (bytes.length - at >= 2) {
        const b0 = bytes[at]!;
        const b1 = bytes[at + 1]!;
        let n = b1 & 0x7f;
        let head = 2;
        if (n === 126) {
          if (bytes.length - at < 4) break;
          n = bytes.readUInt16BE(at + 2);
          head = 4;
        } else if (n === 127) {
          if (bytes.length - at < 10) break;
          n = Number(bytes.readBigUInt64BE(at + 2));
          head = 10;
        }
        if (b1 & 0x80) return fail(new Error("a server frame must not be masked"));
        if (bytes.length - at < head + n) {
          needed = head + n;
          break;
        }
        const payload = bytes.subarray(at + head, at + head + n);
        at += head + n;
        const opcode = b0 & 0x0f;
        if (opcode === 0x9) socket.write(frame(0xa, payload));
        else if (opcode === 0x8) socket.end();
        else if (opcode <= 0x2) {
          if (b0 & 0x80 && !parts.length) handler(payload);
          else {
            parts.push(Buffer.from(payload));
            if (b0 & 0x80) {
              const whole = Buffer.concat(parts);
              parts = [];
              handler(whole);
            }
          }
        }
      }
      if (at < bytes.length) {
        pending = [Buffer.from(bytes.subarray(at))];
        pendingBytes = bytes.length - at;
      } else {
        pending = [];
        pendingBytes = 0;
        needed = 0;
      }
    };
    const upgrade = (bytes: Buffer) => {
      const end = bytes.indexOf("\r\n\r\n");
      if (end < 0) {
        pending = [Buffer.from(bytes)];
        pendingBytes = bytes.length;
        return;
      }
      pending = [];
      pendingBytes = 0;
      const head = bytes.toString("latin1", 0, end);
      const accept = createHash("sha1").update(key + GUID).digest("base64");
      if (!/^HTTP\/1\.1 101 /.test(head) || !head.toLowerCase().includes(`sec-websocket-accept: ${accept.toLowerCase()}`)) {
        return fail(new Error(`the WebSocket upgrade was refused: ${head.split("\r\n")[0]}`));
      }
      open = true;
      resolve({
        send: (text) => socket.write(frame(0x1, Buffer.from(text))),
        onMessage: (h) => (handler = h),
        close: () => {
          const code = Buffer.alloc(2);
          code.writeUInt16BE(1000);
          socket.end(frame(0x8, code));
        },
      });
      frames(bytes.subarray(end + 4));
    };
    const socket = connect({
      host: hostname,
      port: Number(port) || 80,
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (nread: number, buffer: Buffer) => {
          let bytes = buffer.subarray(0, nread);
          if (pendingBytes) {
            // a frame that spans reads (a snapshot of thousands of vehicles): joined once it is whole, not on every read
            pending.push(Buffer.from(bytes));
            pendingBytes += nread;
            if (open && pendingBytes < needed) return true;
            bytes = Buffer.concat(pending, pendingBytes);
          }
          if (open) frames(bytes);
          else upgrade(bytes);
          return true;
        },
      },
    });
    socket.on("error", fail);
    socket.on("connect", () => {
      const lines = [`GET ${pathname}${search} HTTP/1.1`, `Host: ${port ? `${hostname}:${port}` : hostname}`, "Upgrade: websocket", "Connection: Upgrade", `Sec-WebSocket-Key: ${key}`, "Sec-WebSocket-Version: 13"];
      for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    });
  });
}
