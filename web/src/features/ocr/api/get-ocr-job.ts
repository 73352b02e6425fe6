import { apiJson } from "../../../lib/api-client.ts";

/** A fraction of the page (0-1) from its top-left corner, whatever the reading direction. */
export type OcrBox = { x: number; y: number; w: number; h: number };

export type OcrCheck = "verified" | "corrected" | "unverified";

/** One extracted line; money and quantities are decimal strings. */
export type OcrItem = {
  name: string;
  code?: string;
  quantity: string;
  unit?: string;
  unitPrice: string;
  discountPercent?: string;
  totalPrice: string;
  /** The request item the server matched the line to; absent when none matched. */
  itemId?: number;
  confidence: number;
  cellConfidence?: { name?: number; quantity?: number; unitPrice?: number; totalPrice?: number };
  check: OcrCheck;
  page: number;
  box?: OcrBox;
};

export type OcrResult = {
  items: OcrItem[];
  vendorName?: string;
  quoteNumber?: string;
  date?: string;
  validityPeriod?: number | string;
  currency?: string;
  notes?: string;
  confidence: number;
  pages: number;
  warnings: string[];
};

export type OcrStage = "queued" | "reading" | "recognising" | "interpreting" | "done" | "failed";

export type OcrJob = {
  id: string;
  status: "queued" | "running" | "done" | "failed";
  progress: number;
  stage: OcrStage;
  error?: { code: string; message: string; params?: Record<string, string | number> };
  result?: OcrResult;
};

export const ocrJobPath = (jobId: string) => `/api/vendor/ocr-jobs/${encodeURIComponent(jobId)}`;

/** GET /api/vendor/ocr-jobs/{jobId}: where the extraction stands; only its uploader may read it. */
export function getOcrJob(jobId: string, { signal }: { signal?: AbortSignal } = {}): Promise<OcrJob> {
  return apiJson<OcrJob>(ocrJobPath(jobId), { signal });
}

export const isFinished = (job: Pick<OcrJob, "status">) => job.status === "done" || job.status === "failed";
