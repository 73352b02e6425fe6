/**
 * Every email the product sent or kept (demo mode has no provider, so messages are only logged):
 * filter by status, page through, see why a message failed and when it is tried next, open one to
 * read its full body or resend it.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Pager } from "../../../components/pager.tsx";
import { OUTBOX_STATUSES, type OutboxMessage, type OutboxStatus, useOutbox } from "../api/get-outbox.ts";
import { OutboxMessageDialog } from "./outbox-message-dialog.tsx";
import { OutboxStatusBadge } from "./outbox-status-badge.tsx";
import { EmptyNote, ListCard, ListState, ListTable } from "../../../components/list-scaffold.tsx";
import { SelectField } from "../../../components/form-field.tsx";
import { useFormat } from "../../../lib/format.ts";

const PAGE_SIZE = 25;

export function OutboxPanel() {
  const { t } = useTranslation("outbox");
  const format = useFormat();
  const [status, setStatus] = useState<OutboxStatus | "">("");
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const outbox = useOutbox({ status: status || undefined, limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  const total = outbox.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <ListCard
      title={t("title")}
      description={t("description")}
      actions={
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            label={t("filterLabel")}
            selectClassName="select select-sm w-auto"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as OutboxStatus | "");
              setPage(0);
            }}
          >
            <option value="">{t("allStatuses")}</option>
            {OUTBOX_STATUSES.map((value) => <option key={value} value={value}>{t(`status.${value}`)}</option>)}
          </SelectField>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => void outbox.refetch()}
            disabled={outbox.isFetching}
          >
            {t("refresh")}
          </button>
        </div>
      }
      after={
        <OutboxMessageDialog
          // The open message as the latest page has it (after a resend, its new status).
          message={open ? outbox.data?.items.find((m) => m.id === open.id) ?? open : null}
          onClose={() => setOpen(null)}
        />
      }
    >
      <ListState
        query={outbox}
        loadingLabel={t("loading")}
        loadError={t("loadError")}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyNote>{t("empty")}</EmptyNote>}
      >
        {(data) => (
          <ListTable
            compact
            busy={outbox.isFetching}
            columns={[
              t("columns.recipient"),
              t("columns.subject"),
              t("columns.status"),
              t("columns.attempts"),
              t("columns.created"),
              t("columns.sent"),
              t("columns.nextAttempt"),
              t("columns.lastError"),
            ]}
          >
            {data.items.map((message) => (
              <tr
                key={message.id}
                className="hover:bg-base-200 cursor-pointer"
                onClick={() => setOpen(message)}
              >
                <td className="max-w-56 truncate" dir="ltr" title={message.recipient}>{message.recipient}</td>
                <td className="max-w-72">
                  {/* The button makes the row reachable by keyboard; the row click is a shortcut. */}
                  <button
                    type="button"
                    className="link link-hover block max-w-full truncate text-start"
                    dir="auto"
                    onClick={(event) => {
                      event.stopPropagation();
                      setOpen(message);
                    }}
                  >
                    {message.subject || t("noSubject")}
                  </button>
                </td>
                <td>
                  <OutboxStatusBadge status={message.status} />
                </td>
                <td className="tabular-nums">
                  {t("attemptsOf", { attempts: message.attempts, max: message.maxAttempts })}
                </td>
                <td className="whitespace-nowrap">{format.dateTime(message.createdAt)}</td>
                <td className="whitespace-nowrap">{format.dateTime(message.sentAt)}</td>
                <td className="whitespace-nowrap">
                  {message.nextAttemptAt ? format.dateTime(message.nextAttemptAt) : ""}
                </td>
                <td className="max-w-56 truncate text-error" dir="auto" title={message.lastError ?? undefined}>
                  {message.lastError ?? ""}
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </ListState>
      {total > PAGE_SIZE && (
        <Pager
          label={t("pagination.label")}
          page={page}
          hasNext={page + 1 < pages}
          onPage={setPage}
          position={t("pagination.pageOf", { page: page + 1, pages, total })}
        />
      )}
    </ListCard>
  );
}
