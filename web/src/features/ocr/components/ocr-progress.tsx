import { useTranslation } from "react-i18next";
import type { OcrStage } from "../api/get-ocr-job.ts";
import { formatNumber } from "../../../lib/format.ts";

/**
 * The job's real progress (not the spec's fake timer): the server's percentage and stage, or an
 * indeterminate bar while the file is still being uploaded.
 */
export function OcrProgress({ fileName, stage, progress }: {
  fileName: string;
  /** Undefined while uploading. */
  stage?: OcrStage;
  progress?: number;
}) {
  const { t, i18n } = useTranslation("ocr");
  const value = progress === undefined ? undefined : Math.max(0, Math.min(100, Math.round(progress)));
  const label = stage ? t(`stage.${stage}`) : t("stage.uploading");
  return (
    <div className="flex flex-col gap-3 py-6" aria-busy="true">
      <p className="break-all text-sm text-base-content/70" dir="auto">{fileName}</p>
      <div className="flex items-center justify-between gap-4">
        <span className="font-medium" aria-live="polite">{label}</span>
        {value !== undefined && (
          <span className="font-mono text-sm" dir="ltr">{formatNumber(value, i18n.language)}%</span>
        )}
      </div>
      <progress
        className="progress progress-primary h-3 w-full"
        max={100}
        value={value}
        aria-label={t("progress.label")}
        aria-valuetext={value === undefined ? label : t("progress.valueText", { percent: value, stage: label })}
        data-testid="ocr-progress"
      />
      <p className="text-sm text-base-content/70">{t("progress.hint")}</p>
    </div>
  );
}
