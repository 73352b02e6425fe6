/**
 * JSON lines on stdout/stderr. Callers never pass secrets; `redact` guards the known names anyway.
 *
 * With `{ buffered: true }` (the server) debug and info lines (the request log) are kept in memory
 * and written to stdout in one non-blocking write every `flushMs` (or sooner when `maxBufferBytes`
 * is reached), instead of one blocking write per line. Warnings and errors still go out at once on
 * stderr. `flush()` writes what is left (graceful shutdown awaits it); on process exit whatever is
 * still buffered is written synchronously, so no line is lost.
 */
export type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const SECRET_KEYS = /pass(word)?|secret|token|api_?key|authorization|cookie|totp|code_hash/i;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** Writes buffered lines out; resolves when they are written (a no-op for unbuffered loggers). */
  flush?(): Promise<void>;
  /**
   * Writes an info line the caller formats itself from the line's time (the request log, src/lib/
   * request-log.ts): the same text `info(msg, fields)` would write, without the fields object and
   * its generic serialisation. `build` is only called when info lines are on. Loggers without it
   * (tests record fields) get `info(msg, fields)`.
   */
  infoLine?(build: (time: string) => string): void;
}

export interface LoggerOptions {
  /** Buffer debug/info lines and write them in batches (non-blocking). */
  buffered?: boolean;
  /** Longest time a buffered line waits, in ms (default 200). */
  flushMs?: number;
  /** Write at once when this many characters are buffered (default 64 KiB). */
  maxBufferBytes?: number;
  /** Where buffered batches go (default stdout); tests pass their own. */
  sink?: { write(p: Uint8Array): Promise<number>; writeSync(p: Uint8Array): number };
}

/** Whether a field name is one whose value is never logged (decided once per name). */
const secretKey = new Map<string, boolean>();
function isSecretKey(k: string): boolean {
  let s = secretKey.get(k);
  if (s === undefined) {
    s = SECRET_KEYS.test(k);
    if (secretKey.size < 1000) secretKey.set(k, s);
  }
  return s;
}

export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k in fields) if (Object.hasOwn(fields, k)) out[k] = isSecretKey(k) ? "[redacted]" : fields[k];
  return out;
}

/** The line as `{ time, level, msg, ...redact(fields) }` serialises, without the intermediate objects. */
let lastMs = NaN;
let lastIso = "";
/** `new Date().toISOString()`, formatted once per millisecond (many lines share one under load). */
function isoNow(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastIso = new Date(now).toISOString();
  }
  return lastIso;
}

function format(lvl: Level, msg: string, fields: Record<string, unknown> | undefined): string {
  const line: Record<string, unknown> = { time: isoNow(), level: lvl, msg };
  if (fields) {
    for (const k in fields) {
      if (Object.hasOwn(fields, k)) {
        line[k] = isSecretKey(k) ? "[redacted]" : fields[k];
      }
    }
  }
  return JSON.stringify(line);
}

/** Buffers still holding lines, written synchronously if the process exits before their timer. */
const live = new Set<() => void>();
let unloadHooked = false;
function hookUnload() {
  if (unloadHooked) return;
  unloadHooked = true;
  globalThis.addEventListener("unload", () => {
    for (const f of [...live]) f();
  });
}

const encoder = new TextEncoder();

export function createLogger(level: Level | "silent" = "info", opts: LoggerOptions = {}): Logger {
  const min = ORDER[level];
  const buffered = opts.buffered === true && min < ORDER.warn;
  const flushMs = opts.flushMs ?? 200;
  const maxChars = opts.maxBufferBytes ?? 64 * 1024;
  const sink = opts.sink ?? Deno.stdout;
  // Buffered lines are encoded at once into one chunk of bytes, not kept as strings: a line built
  // by concatenation is a tree of string pieces, and every piece of every line waiting for the next
  // write would be copied by each young-generation GC until then (docs/benchmarks.md).
  const capacity = maxChars + 1024;
  let chunk = new Uint8Array(capacity);
  let used = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Batches handed to the sink, oldest first; the first may be partly written (`written` bytes). */
  const queue: Uint8Array[] = [];
  let written = 0;
  let pumping: Promise<void> | undefined;
  /** The head batch has been handed to an async write that has not reported back yet. */
  let inFlight = false;

  const take = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!used) return;
    queue.push(chunk.subarray(0, used));
    chunk = new Uint8Array(capacity);
    used = 0;
  };
  const pump = async () => {
    try {
      while (queue.length) {
        inFlight = true;
        const n = await sink.write(queue[0].subarray(written));
        inFlight = false;
        written += n;
        if (written >= queue[0].length) {
          queue.shift();
          written = 0;
        }
      }
    } catch {
      queue.length = 0; // stdout closed: nothing to do but drop the lines
      written = 0;
    } finally {
      pumping = undefined;
      if (!queue.length && !used) live.delete(flushSync);
    }
  };
  const flush = (): Promise<void> => {
    take();
    if (queue.length && !pumping) pumping = pump();
    return pumping ?? Promise.resolve();
  };
  function flushSync() {
    take();
    // At exit: the batch an async write already holds is on its way (Deno hands it to the OS at
    // once); writing it again would duplicate it.
    if (inFlight) {
      queue.shift();
      written = 0;
      inFlight = false;
    }
    try {
      while (queue.length) {
        written += sink.writeSync(queue[0].subarray(written));
        if (written >= queue[0].length) {
          queue.shift();
          written = 0;
        }
      }
    } catch {
      // stdout closed
    }
  }

  const write = (lvl: Level, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    const line = format(lvl, msg, fields);
    if (lvl === "error" || lvl === "warn") console.error(line);
    else out(line);
  };
  /** A debug or info line: printed, or buffered. */
  const out = (line: string) => {
    if (!buffered) console.log(line);
    else {
      // Up to 3 bytes per UTF-16 unit, and the newline.
      const need = line.length * 3 + 1;
      const full = used + need > capacity;
      if (full) take();
      if (need > capacity) queue.push(encoder.encode(line + "\n"));
      else {
        used += encoder.encodeInto(line, chunk.subarray(used)).written;
        chunk[used++] = 10;
      }
      hookUnload();
      live.add(flushSync);
      if (full || used >= maxChars) void flush();
      else if (timer === undefined) {
        const t = setTimeout(flush, flushMs);
        Deno.unrefTimer(t as unknown as number);
        timer = t;
      }
    }
  };
  return {
    debug: (m, f) => write("debug", m, f),
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
    flush,
    infoLine: (build) => {
      if (ORDER.info >= min) out(build(isoNow()));
    },
  };
}
