import { useMutation } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type OcrTarget = { purchaseRequestId: number } | { bidRequestId: number };

/**
 * POST /api/vendor/quotations/ocr-extract, multipart: `quotationFile` and the request it answers.
 * Answers 202 at once with the job to follow (web/src/features/ocr/api/watch-ocr-job.ts).
 */
export function extractQuotation({ file, target }: { file: File; target: OcrTarget }): Promise<{ jobId: string }> {
  const form = new FormData();
  form.set("quotationFile", file, file.name);
  if ("bidRequestId" in target) form.set("bidRequestId", String(target.bidRequestId));
  else form.set("purchaseRequestId", String(target.purchaseRequestId));
  return apiJson<{ jobId: string | number }>("/api/vendor/quotations/ocr-extract", { method: "POST", formData: form })
    .then((r) => ({ jobId: String(r.jobId) }));
}

export function useExtractQuotation() {
  return useMutation({ mutationFn: extractQuotation });
}
