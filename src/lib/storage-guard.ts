/**
 * The embedded database's disk (docs/decisions/022). PGlite writing into a full disk fails inside a
 * statement and can leave the embedded server unable to answer; so writes stop before that: a
 * request that would leave less than the reserve free is answered 507 at once and changes nothing,
 * reads go on, and /readyz reports the condition until space is freed.
 */
import { statfs } from "node:fs/promises";
import { InsufficientStorage } from "./errors.ts";
import { MAX_FILE_BYTES } from "../files/storage.ts";

/** Requests carrying at least this much need the whole reserve; smaller writes (a sign-in) a quarter of it. */
const LARGE_WRITE_BYTES = 64 * 1024;
/** How long a measurement of the free space is reused. */
const MEASURE_EVERY_MS = 2000;

export type FreeSpace = (dir: string) => Promise<number>;

const systemFreeSpace: FreeSpace = async (dir) => {
  const s = await statfs(dir);
  return Number(s.bavail) * Number(s.bsize);
};

export class StorageGuard {
  #measured: { at: number; free: number } | undefined;
  constructor(
    readonly dir: string,
    readonly reserveBytes: number,
    private readonly freeSpace: FreeSpace = systemFreeSpace,
    /** The largest single upload: below reserve + this, some uploads are refused. */
    readonly largestUploadBytes = MAX_FILE_BYTES,
  ) {}

  /** Free bytes on the disk of `dir` (measured at most every two seconds). */
  async free(): Promise<number> {
    const now = performance.now();
    if (!this.#measured || now - this.#measured.at > MEASURE_EVERY_MS) {
      this.#measured = { at: now, free: await this.freeSpace(this.dir) };
    }
    return this.#measured.free;
  }

  /** Throws 507 when a write of `bytes` (undefined: a body of unknown length) would eat into the reserve. */
  async check(bytes: number | undefined) {
    const size = bytes ?? LARGE_WRITE_BYTES;
    const need = size >= LARGE_WRITE_BYTES ? this.reserveBytes + size : this.reserveBytes / 4;
    if (await this.free() < need) throw new InsufficientStorage();
  }

  /** For /readyz: full when an upload of the largest size would be refused. */
  async state(): Promise<{ full: boolean; freeBytes: number }> {
    const freeBytes = await this.free();
    return { full: freeBytes < this.reserveBytes + this.largestUploadBytes, freeBytes };
  }

  /** After a write failed for want of space: measure again before the next one. */
  forget() {
    this.#measured = undefined;
  }
}
