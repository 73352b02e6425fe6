/**
 * Entries of the readable history as sentences (lib/history-sentence.ts), oldest first: when, who did
 * what to which document, the comment in its own direction, the values that changed.
 */
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../lib/format.ts";
import { type HistoryEntry, historyLine } from "../lib/history-sentence.ts";

export function HistorySentence({ entry }: { entry: HistoryEntry }) {
  const { t, i18n } = useTranslation();
  const line = historyLine(t, i18n.language, entry);
  return (
    <div className="flex flex-col gap-1">
      <p>{line.sentence}</p>
      {line.comment && (
        <blockquote className="rounded bg-base-200 px-3 py-1 text-[0.95em] break-words whitespace-pre-line" dir="auto">
          {line.comment}
        </blockquote>
      )}
      {line.changes.length > 0 && (
        <ul className="list-inside list-disc text-[0.95em] text-base-content/80" aria-label={t("history.changes")}>
          {line.changes.map((change, n) => <li key={n}>{change}</li>)}
        </ul>
      )}
    </div>
  );
}

export function HistoryList({ entries }: { entries: HistoryEntry[] }) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) return <p className="text-sm text-base-content/70">{t("history.empty")}</p>;
  return (
    <ol className="flex flex-col gap-3 border-s-2 border-base-300 ps-4">
      {entries.map((entry) => (
        <li key={entry.id} className="relative">
          <span className="absolute -start-[1.4rem] top-1.5 h-3 w-3 rounded-full bg-primary" aria-hidden="true" />
          <time dateTime={entry.at} className="text-xs text-base-content/70">
            {formatDateTime(entry.at, i18n.language)}
          </time>
          <HistorySentence entry={entry} />
        </li>
      ))}
    </ol>
  );
}
