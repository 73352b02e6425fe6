import { useTranslation } from "react-i18next";
import { ListTable } from "../../../components/list-scaffold.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import type { AuditLogEntry } from "../api/get-audit-logs.ts";
import { useActionLabel } from "./action-label.ts";
import { summarizeMetadata } from "./metadata-summary.ts";

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
    <ListTable
      compact
      caption={caption}
      columns={[t("table.time"), t("table.user"), t("table.action"), t("table.entity"), t("table.details")]}
    >
      {entries.map((entry) => {
        // A sealed bid's submission: the server withholds who and what until the bid is unsealed.
        const withheld = !!entry.metadata && typeof entry.metadata === "object" && "withheld" in entry.metadata;
        const details = withheld ? t("table.sealedDetails") : summarizeMetadata(entry.metadata);
        return (
          <tr key={entry.id}>
            <td className="whitespace-nowrap">
              <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp, i18n.language)}</time>
            </td>
            <td>
              {entry.userId === null
                ? (
                  <span className="text-base-content/70">
                    {withheld ? t("table.sealedUser") : t("table.system")}
                  </span>
                )
                : (
                  <div className="flex flex-col">
                    <span>{entry.userName ?? entry.userEmail ?? `#${entry.userId}`}</span>
                    {entry.userName && entry.userEmail && (
                      <span className="text-xs text-base-content/70" dir="ltr">{entry.userEmail}</span>
                    )}
                  </div>
                )}
            </td>
            <td>
              <ActionBadge action={entry.action} />
            </td>
            <td className="whitespace-nowrap">
              {entry.entityType
                ? `${t(`entities.${entry.entityType}`, { defaultValue: entry.entityType })}${
                  entry.entityId != null ? ` #${entry.entityId}` : ""
                }`
                : "—"}
            </td>
            <td className="max-w-md">
              <span className="line-clamp-2 break-words text-xs" dir="ltr" title={details}>{details || "—"}</span>
            </td>
          </tr>
        );
      })}
    </ListTable>
  );
}
