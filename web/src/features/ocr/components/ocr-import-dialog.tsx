/**
 * The OCR quotation import (spec sections 2, 4, 5, 8): pick or drop one file, upload
 * it, follow the extraction job's real progress, then review the lines beside the page they were read
 * from, correct and map them, and submit them as a quotation (source 'ocr', the file kept with it).
 * Upload Different File starts over. Loaded lazily from the opportunity card.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../../components/modal-dialog.tsx";
import { errorCodeText, errorDescription, toastError } from "../../../lib/error-toast.ts";
import { isolate } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";
import { type OcrTarget, useExtractQuotation } from "../api/extract-quotation.ts";
import type { OcrJob, OcrResult } from "../api/get-ocr-job.ts";
import { useOcrJob } from "../api/watch-ocr-job.ts";
import { buildPayload, type OcrQuotationPayload } from "../review-model.ts";
import { DropZone } from "./drop-zone.tsx";
import { OcrProgress } from "./ocr-progress.tsx";
import { ReviewPanel, useReview } from "./review-panel.tsx";
import type { RequestItemOption } from "./review-table.tsx";

/** What the dialog needs of an opportunity (web/src/features/opportunities/api/get-matching-opportunities.ts). */
export type OcrOpportunity = {
  kind: "purchase_request" | "bid_request";
  id: number;
  title: string;
  requestId: string;
  biddingMode?: string;
  items: RequestItemOption[];
};

type Phase =
  | { kind: "pick"; error?: string }
  | { kind: "upload"; file: File }
  | { kind: "read"; file: File; jobId: string }
  | { kind: "review"; file: File; jobId: string; result: OcrResult };

const targetOf = (o: OcrOpportunity): OcrTarget =>
  o.kind === "bid_request" ? { bidRequestId: o.id } : { purchaseRequestId: o.id };

/** How the host submits the quotation (the opportunities feature's mutation, handed in through the app). */
export type OcrSubmit = {
  mutate: (
    input: { quotation: OcrQuotationPayload; attachments: File[] },
    options: { onSuccess: () => void; onError: (error: Error) => void },
  ) => void;
  isPending: boolean;
};

export default function OcrImportDialog({ opportunity, replacing, onClose, submit }: {
  opportunity: OcrOpportunity;
  /** The vendor already has a quotation here: submitting replaces it. */
  replacing?: boolean;
  onClose: () => void;
  submit: OcrSubmit;
}) {
  const { t } = useTranslation("ocr");
  const [phase, setPhase] = useState<Phase>({ kind: "pick" });
  const extract = useExtractQuotation();
  const jobId = phase.kind === "read" ? phase.jobId : undefined;
  const { job, error: watchError } = useOcrJob(jobId);
  const [progress, setProgress] = useState(0);

  const jobFailed = useCallback((j: OcrJob | undefined, error?: unknown) => {
    const description = j?.error
      ? errorCodeText(j.error.code, j.error.params) ?? t("errors.failed")
      : errorDescription(error, { fallback: t("errors.failed") }) ?? t("errors.failed");
    toast({ variant: "error", title: t("errors.title"), description });
    setPhase({ kind: "pick", error: description });
  }, [t]);

  // The job's state drives the screen: progress never runs backwards, done opens the review.
  useEffect(() => {
    if (phase.kind !== "read") return;
    if (watchError) return jobFailed(undefined, watchError);
    if (!job) return;
    setProgress((p) => Math.max(p, job.progress));
    if (job.status === "failed") return jobFailed(job);
    if (job.status === "done") {
      if (!job.result) return jobFailed(job);
      const result = job.result;
      toast({
        variant: "success",
        title: t("done.title"),
        description: t("done.description", {
          items: result.items.length,
          percent: Math.round((result.confidence ?? 0) * 100),
        }),
      });
      setPhase({ kind: "review", file: phase.file, jobId: phase.jobId, result });
    }
  }, [job, watchError, phase, jobFailed, t]);

  const start = (file: File) => {
    setProgress(0);
    setPhase({ kind: "upload", file });
    extract.mutate({ file, target: targetOf(opportunity) }, {
      onSuccess: ({ jobId }) => setPhase({ kind: "read", file, jobId }),
      onError: (error) => {
        const description = toastError(error, t("errors.title"), { fallback: t("errors.failed") });
        setPhase({ kind: "pick", error: description });
      },
    });
  };

  const review = useReview(
    phase.kind === "review" ? phase.result : undefined,
    opportunity.items,
  );

  const onSubmit = () => {
    if (phase.kind !== "review" || review.problems.length > 0) return;
    const quotation = buildPayload(targetOf(opportunity), phase.jobId, review.lines, review.header, opportunity.items);
    submit.mutate({ quotation, attachments: [] }, {
      onSuccess: () => {
        toast({ variant: "success", title: t("submit.successTitle"), description: t("submit.successDescription") });
        onClose();
      },
      onError: (error) => toastError(error, t("submit.errorTitle"), { fallback: t("submit.errorFallback") }),
    });
  };

  const busy = phase.kind === "upload" || phase.kind === "read";
  const sealed = opportunity.kind === "bid_request" && opportunity.biddingMode === "sealed";

  return (
    <Modal
      size={phase.kind === "review" ? "full" : "lg"}
      title={t("title", { title: isolate(opportunity.title) })}
      onClose={onClose}
      footer={
        <>
          {phase.kind === "review" && (
            <button
              type="button"
              className="btn btn-outline me-auto"
              disabled={submit.isPending}
              onClick={() => setPhase({ kind: "pick" })}
            >
              {t("uploadDifferent")}
            </button>
          )}
          <button type="button" className="btn" onClick={onClose} disabled={submit.isPending}>
            {t("translation:common.cancel")}
          </button>
          {phase.kind === "review" && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={review.problems.length > 0 || submit.isPending}
              aria-describedby={review.problems.length > 0 ? "ocr-problems" : undefined}
              onClick={onSubmit}
            >
              {submit.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {submit.isPending ? t("submit.submitting") : t("submit.submit")}
            </button>
          )}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="font-mono text-sm text-base-content/70" dir="ltr">{opportunity.requestId}</p>
        {sealed && <div role="note" className="alert alert-info alert-soft">{t("sealedNotice")}</div>}
        {replacing && <div role="note" className="alert alert-soft">{t("replaceNotice")}</div>}
        {phase.kind === "pick" && (
          <>
            {phase.error && (
              <div role="alert" className="alert alert-error alert-soft">
                <span>
                  <strong>{t("errors.title")}</strong>: {phase.error}
                </span>
              </div>
            )}
            <p className="text-sm">{t("intro")}</p>
            <DropZone onFile={start} disabled={busy} />
          </>
        )}
        {phase.kind === "upload" && <OcrProgress fileName={phase.file.name} />}
        {phase.kind === "read" && (
          <OcrProgress fileName={phase.file.name} stage={job?.stage ?? "queued"} progress={progress} />
        )}
        {phase.kind === "review" && (
          <ReviewPanel review={review} file={phase.file} result={phase.result} items={opportunity.items} />
        )}
      </div>
    </Modal>
  );
}
