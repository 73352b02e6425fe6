/**
 * A document's history entry as the server answers it (src/audit/history.ts) and the SPA words it
 * (web/src/lib/history-sentence.ts): who did what, when, to which document, with its values.
 */
export type HistoryValue = string | number | boolean | null;

export interface HistoryEntry {
  id: number;
  at: string;
  /** null: the system (a job) or an actor sealing hides. */
  actor: { id: number; name: string } | null;
  action: string;
  entity: { kind: string; id: string | null; number: string | null; title: string | null } | null;
  params: Record<string, HistoryValue>;
  changes: { field: string; from: HistoryValue; to: HistoryValue }[];
}
