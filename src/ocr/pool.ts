/**
 * A fixed pool of OCR Web Workers (src/ocr/worker.ts). A document that runs past its time limit
 * has its worker terminated and replaced, so a hostile file costs one job, never the server; what
 * the worker had read by then (its last partial result) is the answer, with the warning
 * "readingStopped", and only a document of which nothing was read fails with ocr.timeout.
 */
import type { OcrLimits, Stage } from "./document.ts";
import type { ExtractionResult } from "./extract.ts";

export class OcrJobError extends Error {
  constructor(readonly code: string, message: string, readonly params: Record<string, string | number> = {}) {
    super(message);
  }
}

type Pending = {
  resolve: (r: ExtractionResult) => void;
  reject: (e: Error) => void;
  onProgress: (stage: Stage, progress: number) => void;
  timer: ReturnType<typeof setTimeout>;
  /** The last "partial" message's result. */
  partial?: ExtractionResult;
};

interface Slot {
  worker: Worker;
  busy: boolean;
}

export class OcrPool {
  #slots: Slot[] = [];
  #pending = new Map<number, Pending>();
  #waiting: (() => void)[] = [];
  #next = 1;

  constructor(
    readonly size: number,
    readonly limits: OcrLimits & { timeoutMs: number },
    /** The worker module (another one only in tests of the pool itself). */
    readonly workerUrl: URL = new URL("./worker.ts", import.meta.url),
  ) {}

  get free(): number {
    return this.size - this.#slots.filter((s) => s.busy).length;
  }

  #spawn(): Slot {
    const worker = new Worker(this.workerUrl, { type: "module" });
    const slot: Slot = { worker, busy: false };
    worker.onmessage = (e: MessageEvent) => {
      const m = e.data;
      const p = this.#pending.get(m.id);
      if (!p) return;
      if (m.type === "progress") return p.onProgress(m.stage, m.progress);
      if (m.type === "partial") {
        p.partial = m.result;
        return;
      }
      clearTimeout(p.timer);
      this.#pending.delete(m.id);
      this.#release(slot);
      if (m.type === "done") p.resolve(m.result);
      else p.reject(new OcrJobError(m.code, m.message, m.params));
    };
    worker.onerror = (e) => {
      e.preventDefault();
      this.#replace(slot, new OcrJobError("ocr.failed", "The document could not be read"));
    };
    return slot;
  }

  #release(slot: Slot) {
    slot.busy = false;
    this.#waiting.shift()?.();
  }

  #replace(slot: Slot, error: Error) {
    slot.worker.terminate();
    const i = this.#slots.indexOf(slot);
    if (i >= 0) this.#slots.splice(i, 1);
    for (const [id, p] of this.#pending) {
      if ((p as Pending & { slot?: Slot }).slot === slot) {
        clearTimeout(p.timer);
        this.#pending.delete(id);
        p.reject(error);
      }
    }
    this.#waiting.shift()?.();
  }

  async #slot(): Promise<Slot> {
    for (;;) {
      const idle = this.#slots.find((s) => !s.busy);
      if (idle) return idle;
      if (this.#slots.length < this.size) {
        const s = this.#spawn();
        this.#slots.push(s);
        return s;
      }
      await new Promise<void>((r) => this.#waiting.push(r));
    }
  }

  async run(bytes: Uint8Array, onProgress: Pending["onProgress"]): Promise<ExtractionResult> {
    const slot = await this.#slot();
    slot.busy = true;
    const id = this.#next++;
    return await new Promise<ExtractionResult>((resolve, reject) => {
      const timer = setTimeout(() => {
        const read = pending.partial;
        if (read) {
          // Answered here, so #replace below has nothing of it to reject; the worker is stopped
          // all the same.
          this.#pending.delete(id);
          resolve({ ...read, warnings: [...read.warnings, "readingStopped"] });
        }
        this.#replace(
          slot,
          new OcrJobError("ocr.timeout", "Reading the document took longer than {{seconds}} s", {
            seconds: Math.round(this.limits.timeoutMs / 1000),
          }),
        );
      }, this.limits.timeoutMs);
      const pending: Pending & { slot: Slot } = { resolve, reject, onProgress, timer, slot };
      this.#pending.set(id, pending);
      const { timeoutMs: _t, ...limits } = this.limits;
      slot.worker.postMessage({ id, bytes, limits });
    });
  }

  close() {
    for (const s of this.#slots) s.worker.terminate();
    this.#slots = [];
    for (const p of this.#pending.values()) {
      clearTimeout(p.timer);
      p.reject(new OcrJobError("ocr.failed", "The server is stopping"));
    }
    this.#pending.clear();
  }
}
