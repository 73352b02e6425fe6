import { useTranslation } from "react-i18next";
import { ListTable } from "../../../components/list-scaffold.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import type { AuditLogEntry } from "../api/get-audit-logs.ts";
import { useActionLabel } from "./action-label.ts";
import { HistorySentence } from "../../../components/history-list.tsx";

const ACTION_BADGE: Record<string, string> = {
  CREATE: "badge-success",
  UPDATE: "badge-info",
  DELETE: "badge-error",
  LOGIN: "badge-primary",
  LOGOUT: "badge-neutral",
  LOGIN_FAILED: "badge-warning",
  LOGIN_THROTTLED: "badge-warning",
  APPROVE: "badge-success",
  REJECT: "badge-error",
  EXPORT: "badge-secondary",
  AWARD: "badge-success",
  UNSEAL: "badge-warning",
};

export function ActionBadge({ action }: { action: string }) {
  const label = useActionLabel();
  return (
    <span className={`badge badge-soft badge-sm whitespace-nowrap ${ACTION_BADGE[action] ?? "badge-accent"}`}>
      {label(action)}
    </span>
  );
}

export function AuditLogTable({ entries, caption }: { entries: AuditLogEntry[]; caption: string }) {
  const { t, i18n } = useTranslation("audit-logs");
  return (
    <ListTable compact caption={caption} columns={[t("table.time"), t("table.action"), t("table.details")]}>
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td className="whitespace-nowrap align-top">
            <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp, i18n.language)}</time>
          </td>
          <td className="align-top">
            <ActionBadge action={entry.action} />
          </td>
          <td className="max-w-xl break-words">
            {/* The same sentence as the document's History; the raw entry stays in the CSV export. */}
            <HistorySentence entry={entry.entry} />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
