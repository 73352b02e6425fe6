/**
 * How sure the reader was, shown by colour AND by shape and text (WCAG 1.4.1): a tinted cell with a
 * coloured inline-start rule, an icon whose shape differs per level, and the level's name for screen
 * readers and as a tooltip. Text on the tints keeps the theme's base colour, so its contrast is the
 * theme's own in light and dark.
 */
import { useTranslation } from "react-i18next";
import type { OcrCheck } from "../api/get-ocr-job.ts";
import { type ConfidenceLevel, confidenceLevel } from "../review-model.ts";

export const LEVEL_CELL: Record<ConfidenceLevel, string> = {
  high: "bg-success/10 border-s-4 border-success",
  medium: "bg-warning/20 border-s-4 border-warning",
  low: "bg-error/15 border-s-4 border-error",
};

const PATHS: Record<ConfidenceLevel | "edited", string> = {
  // a tick in a circle
  high: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7Z",
  // an exclamation mark in a triangle
  medium: "M12 2 1 21h22L12 2Zm1 15h-2v-2h2v2Zm0-4h-2V9h2v4Z",
  // a question mark in an octagon
  low:
    "M7.9 2h8.2L22 7.9v8.2L16.1 22H7.9L2 16.1V7.9L7.9 2Zm4.1 4a3.5 3.5 0 0 0-3.5 3.5h2a1.5 1.5 0 1 1 2.2 1.3c-.9.5-1.7 1.2-1.7 2.7v.5h2v-.4c0-.6.3-.9.9-1.2A3.5 3.5 0 0 0 12 6Zm-1 10v2h2v-2h-2Z",
  // a pencil: the vendor typed this value
  edited:
    "M3 17.3V21h3.7l11-11-3.7-3.7-11 11Zm17.7-10.2a1 1 0 0 0 0-1.4l-2.4-2.4a1 1 0 0 0-1.4 0l-1.8 1.8 3.7 3.7 1.9-1.7Z",
};

export function LevelIcon({ level, className = "size-4" }: { level: ConfidenceLevel | "edited"; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`${className} shrink-0 fill-current`} aria-hidden="true" focusable="false">
      <path d={PATHS[level]} />
    </svg>
  );
}

/** The cue inside a cell: icon plus hidden text "Low confidence (42%)", or "Edited by you". */
export function ConfidenceCue({ confidence, edited }: { confidence: number; edited?: boolean }) {
  const { t } = useTranslation("ocr");
  const level = confidenceLevel(confidence);
  const label = edited
    ? t("confidence.edited")
    : t("confidence.cell", { level: t(`confidence.${level}`), percent: Math.round(confidence * 100) });
  return (
    <span className="inline-flex items-center" title={label}>
      <LevelIcon level={edited ? "edited" : level} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

const CHECK_STYLE: Record<OcrCheck, string> = {
  verified: "border-success bg-success/10",
  corrected: "border-info bg-info/10",
  unverified: "border-warning bg-warning/20",
};

/** The row's arithmetic check: verified (quantity × price = total), corrected, or unverified. */
export function CheckBadge({ check }: { check?: OcrCheck }) {
  const { t } = useTranslation("ocr");
  if (!check) {
    return <span className="badge badge-sm border-base-300 text-base-content">{t("check.added")}</span>;
  }
  return (
    <span
      className={`badge badge-sm whitespace-nowrap text-base-content ${CHECK_STYLE[check]}`}
      title={t(`check.${check}Hint`)}
    >
      <LevelIcon level={check === "verified" ? "high" : check === "corrected" ? "medium" : "low"} className="size-3" />
      {t(`check.${check}`)}
    </span>
  );
}

/** The key to the colours and icons, above the table. */
export function ConfidenceLegend() {
  const { t } = useTranslation("ocr");
  return (
    <ul className="flex flex-wrap items-center gap-2 text-xs" aria-label={t("confidence.legend")}>
      {(["high", "medium", "low"] as const).map((level) => (
        <li key={level} className={`inline-flex items-center gap-1 rounded px-2 py-0.5 ${LEVEL_CELL[level]}`}>
          <LevelIcon level={level} className="size-3" />
          {t(`confidence.${level}Legend`)}
        </li>
      ))}
      <li className="inline-flex items-center gap-1 rounded border-s-4 border-base-300 px-2 py-0.5">
        <LevelIcon level="edited" className="size-3" />
        {t("confidence.edited")}
      </li>
    </ul>
  );
}
