/**
 * A socket for postgres.js (its `socket` option) over `Deno.connect` instead of Deno's `node:net`
 * emulation: postgres.js talks to it as to a net.Socket (events `data`, `error`,
 * `close`, `drain`; `write(buf, cb)`, `end`, `destroy`, `pause`/`resume`), and postgres.js's own
 * protocol code is unchanged. Plain TCP only: TLS URLs and Unix sockets keep the default socket
 * (see `denoSocketFor`).
 */
import { Buffer } from "node:buffer";
import { EventEmitter } from "node:events";

const READ_SIZE = 64 * 1024;

export interface DenoSocketTarget {
  hostname: string;
  port: number;
}

export class DenoSocket extends EventEmitter {
  readyState: "open" | "closed" = "open";
  private conn: Deno.TcpConn | null = null;
  private paused = false;
  private resumeReading: (() => void) | null = null;
  /** Writes queue here while one is in flight (Deno.Conn.write may write part of a buffer) or while connecting. */
  private pending: { data: Uint8Array; cb?: (err?: Error | null) => void }[] = [];
  private writing = false;

  /**
   * Returns at once and connects in the background, as a net.Socket does: postgres.js writes its
   * startup message into the queue, times the whole connect with its own connect_timeout (and
   * destroys the socket then), and a refused connection arrives as `error` then `close`, so the
   * pool retries later (a socket function that throws leaves postgres.js's connection stuck).
   */
  constructor(target: DenoSocketTarget) {
    super();
    Deno.connect({ hostname: target.hostname, port: target.port, transport: "tcp" }).then(
      (conn) => {
        if (this.readyState !== "open") return conn.close();
        this.conn = conn;
        conn.setNoDelay(true);
        this.readLoop();
        if (this.pending.length && !this.writing) this.flush();
      },
      (e) => this.fail(e),
    );
  }

  private fail(e: unknown) {
    if (this.readyState === "open") this.emit("error", e);
    this.finish();
  }

  private async readLoop() {
    const conn = this.conn!;
    try {
      // One read buffer, each chunk copied out: postgres.js keeps partial messages across reads.
      const buf = new Uint8Array(READ_SIZE);
      while (this.readyState === "open") {
        if (this.paused) await new Promise<void>((r) => (this.resumeReading = r));
        const n = await conn.read(buf);
        if (n === null) break;
        this.emit("data", Buffer.from(buf.subarray(0, n)));
      }
    } catch (e) {
      return this.fail(e);
    }
    this.finish();
  }

  write(data: Uint8Array, cb?: (err?: Error | null) => void): boolean {
    if (this.readyState !== "open") {
      cb?.(new Error("socket closed"));
      return false;
    }
    this.pending.push({ data, cb });
    if (this.conn && !this.writing) this.flush();
    return true;
  }

  private async flush() {
    const conn = this.conn!;
    this.writing = true;
    try {
      while (this.pending.length) {
        const { data, cb } = this.pending.shift()!;
        let off = 0;
        while (off < data.length) off += await conn.write(data.subarray(off));
        cb?.(null);
      }
    } catch (e) {
      this.writing = false;
      return this.fail(e);
    }
    this.writing = false;
  }

  end(data?: Uint8Array) {
    if (data && this.readyState === "open") {
      this.write(data, () => this.destroy());
    } else this.destroy();
  }

  destroy() {
    if (this.readyState !== "open") return;
    this.readyState = "closed";
    try {
      this.conn?.close();
    } catch {
      // already closed by the peer
    }
    this.finish();
  }

  pause() {
    this.paused = true;
  }

  resume() {
    this.paused = false;
    this.resumeReading?.();
    this.resumeReading = null;
  }

  setKeepAlive(on: boolean) {
    this.conn?.setKeepAlive(on);
  }

  private closed = false;
  private finish() {
    if (this.closed) return;
    this.closed = true;
    if (this.readyState === "open") {
      this.readyState = "closed";
      try {
        this.conn?.close();
      } catch {
        // already closed
      }
    }
    for (const { cb } of this.pending.splice(0)) cb?.(new Error("socket closed"));
    this.resumeReading?.();
    this.emit("close", false);
  }
}

/**
 * The `socket` option for a database URL, or undefined when the default socket must stay: TLS
 * (`sslmode` other than disable, `ssl=`), a Unix socket (`host=/path`), several hosts, or an
 * environment without Deno.connect.
 */
export function denoSocketFor(url: string): (() => DenoSocket) | undefined {
  if (typeof Deno === "undefined" || typeof Deno.connect !== "function") return undefined;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  const sslmode = u.searchParams.get("sslmode");
  const ssl = u.searchParams.get("ssl");
  if ((sslmode && sslmode !== "disable") || (ssl && ssl !== "false" && ssl !== "disable")) return undefined;
  if (u.searchParams.has("host") || u.searchParams.has("sslnegotiation")) return undefined;
  // `postgres://a,b/db` (several hosts) does not parse as one host:port.
  const hostname = decodeURIComponent(u.hostname).replace(/^\[|\]$/g, "") || "localhost";
  if (!hostname || hostname.includes(",") || hostname.startsWith("/")) return undefined;
  const port = u.port ? Number(u.port) : 5432;
  if (!Number.isInteger(port) || port <= 0 || port > 65535) return undefined;
  return () => new DenoSocket({ hostname, port });
}
