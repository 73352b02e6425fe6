/**
 * The review of a finished extraction: what the document says about itself, the lines table beside the
 * page preview, edit mode and Add Item, the header fields the quotation takes (validity, lead time,
 * notes), the totals, and the reasons Submit is still disabled.
 */
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { NumberField, TextareaField } from "../../../components/form-field.tsx";
import { fromCents } from "../../../../../src/shared/money.ts";
import { errorCodeText } from "../../../lib/error-toast.ts";
import { formatMoney, formatNumber } from "../../../lib/format.ts";
import { isolate } from "../../../lib/i18n.ts";
import type { OcrResult } from "../api/get-ocr-job.ts";
import {
  confidenceLevel,
  editCell,
  linesFromResult,
  newLine,
  type Problem,
  problemKeys,
  problems as findProblems,
  type ReviewHeader,
  type ReviewLine,
  submittedTotalCents,
  totalCents,
  validityFrom,
} from "../review-model.ts";
import { ConfidenceLegend, LevelIcon } from "./confidence.tsx";
import { PagePreview } from "./page-preview.tsx";
import { type RequestItemOption, ReviewTable } from "./review-table.tsx";

export type Review = ReturnType<typeof useReview>;

/** The review's state, started afresh for every result (a new upload starts a new review). */
export function useReview(result: OcrResult | undefined, items: RequestItemOption[]) {
  const [lines, setLines] = useState<ReviewLine[]>([]);
  const [header, setHeader] = useState<ReviewHeader>({ validityPeriod: "30", leadTimeDays: "", notes: "" });
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (!result) return;
    const start = linesFromResult(result, items);
    setLines(start);
    setHeader({ validityPeriod: validityFrom(result), leadTimeDays: "", notes: (result.notes ?? "").slice(0, 5000) });
    setEditing(false);
    setSelected(start[0]?.key ?? null);
    setPage(start[0]?.page ?? 1);
    // items are the opportunity's and do not change while the dialog is open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  const problems = useMemo(() => findProblems(lines, header), [lines, header]);
  const update = (key: string, change: (line: ReviewLine) => ReviewLine) =>
    setLines((all) => all.map((l) => (l.key === key ? change(l) : l)));
  return {
    lines,
    header,
    editing,
    selected,
    page,
    problems,
    setHeader,
    setEditing,
    setPage,
    select: (key: string) => {
      setSelected(key);
      const line = lines.find((l) => l.key === key);
      if (line) setPage(line.page);
    },
    edit: (key: string, cell: keyof ReviewLine, value: string) => update(key, (l) => editCell(l, cell, value)),
    map: (key: string, itemId: number | null) => update(key, (l) => ({ ...l, itemId })),
    remove: (key: string) => {
      setLines((all) => all.filter((l) => l.key !== key));
      setSelected((s) => (s === key ? null : s));
    },
    add: () => {
      const line = newLine(page);
      setLines((all) => [...all, line]);
      setEditing(true);
      setSelected(line.key);
    },
  };
}

function ProblemText({ problem, count }: { problem: Problem; count: number }) {
  const { t } = useTranslation("ocr");
  return <>{t(`problems.${problem.kind}`, { n: count })}</>;
}

function DocumentFacts({ result }: { result: OcrResult }) {
  const { t, i18n } = useTranslation("ocr");
  // The reader's notes are codes, some with a page: "pageRotated:2".
  const warningText = (warning: string) => {
    const [code, page] = warning.split(":", 2);
    if (i18n.exists(`ocr:warnings.${code}`) && code !== "other") return t(`warnings.${code}`, { page: page ?? "" });
    return errorCodeText(warning) ?? t("warnings.other", { code: isolate(warning) });
  };
  const level = confidenceLevel(result.confidence ?? 0);
  const facts: [string, string | undefined][] = [
    [t("facts.vendorName"), result.vendorName],
    [t("facts.quoteNumber"), result.quoteNumber],
    [t("facts.date"), result.date],
    [t("facts.currency"), result.currency],
    [t("facts.pages"), formatNumber(result.pages ?? 1, i18n.language)],
  ];
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-6">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-base-content/70">{label}</dt>
            <dd className="break-words" dir="auto">{value || "-"}</dd>
          </div>
        ))}
        <div>
          <dt className="text-base-content/70">{t("facts.confidence")}</dt>
          <dd className="inline-flex items-center gap-1">
            <LevelIcon level={level} />
            {t("confidence.overall", {
              level: t(`confidence.${level}`),
              percent: Math.round((result.confidence ?? 0) * 100),
            })}
          </dd>
        </div>
      </dl>
      {result.currency && result.currency.toUpperCase() !== "USD" && (
        <div role="note" className="alert alert-warning alert-soft text-sm">
          {t("facts.currencyNote", { currency: isolate(result.currency) })}
        </div>
      )}
      {result.warnings?.length > 0 && (
        <ul className="list-inside list-disc text-sm" aria-label={t("facts.warnings")}>
          {result.warnings.map((w, n) => <li key={n}>{warningText(w)}</li>)}
        </ul>
      )}
    </div>
  );
}

export function ReviewPanel({ review, file, result, items }: {
  review: Review;
  file: File;
  result: OcrResult;
  items: RequestItemOption[];
}) {
  const { t, i18n } = useTranslation("ocr");
  const lang = i18n.language;
  const id = useId();
  const selectedLine = review.lines.find((l) => l.key === review.selected);
  const box = selectedLine && selectedLine.page === review.page ? selectedLine.box : undefined;
  const documentTotal = totalCents(review.lines);
  const submitted = submittedTotalCents(review.lines, items);
  const flagged = problemKeys(review.problems);
  const setHeader = (field: keyof ReviewHeader, value: string) => review.setHeader((h) => ({ ...h, [field]: value }));

  return (
    <div className="flex flex-col gap-4">
      <DocumentFacts result={result} />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby={`${id}-lines`} className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 id={`${id}-lines`} className="font-semibold">
              {t("lines.title", { n: review.lines.length })}
            </h4>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-sm btn-outline"
                aria-pressed={review.editing}
                onClick={() => review.setEditing(!review.editing)}
              >
                {review.editing ? t("lines.doneEditing") : t("lines.edit")}
              </button>
              <button type="button" className="btn btn-sm btn-outline" onClick={review.add}>
                {t("lines.add")}
              </button>
            </div>
          </div>
          <ConfidenceLegend />
          {review.lines.length === 0
            ? <p className="rounded-box border border-dashed border-base-300 p-6 text-center">{t("lines.empty")}</p>
            : (
              <ReviewTable
                lines={review.lines}
                items={items}
                editing={review.editing}
                selected={review.selected}
                flagged={flagged}
                onSelect={review.select}
                onEdit={review.edit}
                onMap={review.map}
                onRemove={review.remove}
              />
            )}
          <dl className="flex flex-col items-end gap-1 text-sm">
            <div className="flex gap-3">
              <dt className="text-base-content/70">{t("totals.document")}</dt>
              <dd className="font-semibold" dir="ltr" data-testid="ocr-document-total">
                {documentTotal === null ? "-" : formatMoney(fromCents(documentTotal), lang)}
              </dd>
            </div>
            <div className="flex gap-3">
              <dt className="text-base-content/70">{t("totals.submitted")}</dt>
              <dd className="font-semibold" dir="ltr" data-testid="ocr-submitted-total">
                {submitted === null ? "-" : formatMoney(fromCents(submitted), lang)}
              </dd>
            </div>
          </dl>
          <p className="text-xs text-base-content/70">{t("totals.hint")}</p>
        </section>
        <section aria-labelledby={`${id}-page`} className="min-w-0">
          <h4 id={`${id}-page`} className="mb-2 font-semibold">{t("preview.title")}</h4>
          <PagePreview file={file} page={review.page} pages={result.pages ?? 1} box={box} onPage={review.setPage} />
        </section>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <NumberField
          label={t("header.validity")}
          min={1}
          max={365}
          value={review.header.validityPeriod}
          aria-invalid={review.problems.some((p) => p.kind === "validity") ? true : undefined}
          onChange={(event) => setHeader("validityPeriod", event.target.value)}
        />
        <NumberField
          label={t("header.leadTime")}
          min={0}
          value={review.header.leadTimeDays}
          aria-invalid={review.problems.some((p) => p.kind === "leadTime") ? true : undefined}
          onChange={(event) => setHeader("leadTimeDays", event.target.value)}
        />
      </div>
      <TextareaField
        label={t("header.notes")}
        maxLength={5000}
        dir="auto"
        value={review.header.notes}
        onChange={(event) => setHeader("notes", event.target.value)}
      />
      <p className="text-sm text-base-content/70">{t("header.fileKept", { name: isolate(file.name) })}</p>
      <div id="ocr-problems" aria-live="polite">
        {review.problems.length > 0 && (
          <div className="alert alert-warning alert-soft flex-col items-start gap-1 text-sm">
            <strong>{t("problems.title")}</strong>
            <ul className="list-inside list-disc">
              {review.problems.map((p) => (
                <li key={p.kind}>
                  <ProblemText problem={p} count={"keys" in p ? p.keys.length : 0} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}
