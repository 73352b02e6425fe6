/**
 * Every email the product sent or kept (demo mode has no provider, so messages are only logged):
 * filter by status, page through, see why a message failed and when it is tried next, open one to
 * read its full body or resend it.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Pager } from "../../../components/pager.tsx";
import { OUTBOX_STATUSES, type OutboxMessage, type OutboxStatus, useOutbox } from "../api/get-outbox.ts";
import { OutboxMessageDialog } from "./outbox-message-dialog.tsx";
import { OutboxStatusBadge } from "./outbox-status-badge.tsx";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { useFormat } from "../../../lib/format.ts";

const PAGE_SIZE = 25;

export function OutboxPanel() {
  const { t } = useTranslation("outbox");
  const titleId = useId();
  const filterId = useId();
  const format = useFormat();
  const [status, setStatus] = useState<OutboxStatus | "">("");
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const outbox = useOutbox({ status: status || undefined, limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  const total = outbox.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  let body;
  if (outbox.isPending) {
    body = <Loading label={t("loading")} />;
  } else if (outbox.isError) {
    body = <LoadError message={t("loadError")} onRetry={() => void outbox.refetch()} />;
  } else if (outbox.data.items.length === 0) {
    body = <p className="rounded-box bg-base-200 p-6 text-center text-base-content/70">{t("empty")}</p>;
  } else {
    body = (
      <div className="overflow-x-auto" aria-busy={outbox.isFetching}>
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">{t("columns.recipient")}</th>
              <th scope="col">{t("columns.subject")}</th>
              <th scope="col">{t("columns.status")}</th>
              <th scope="col">{t("columns.attempts")}</th>
              <th scope="col">{t("columns.created")}</th>
              <th scope="col">{t("columns.sent")}</th>
              <th scope="col">{t("columns.nextAttempt")}</th>
              <th scope="col">{t("columns.lastError")}</th>
            </tr>
          </thead>
          <tbody>
            {outbox.data.items.map((message) => (
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
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section aria-labelledby={titleId} className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id={titleId} className="card-title">{t("title")}</h2>
            <p className="text-sm text-base-content/70">{t("description")}</p>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1">
              <label htmlFor={filterId} className="text-sm font-medium">{t("filterLabel")}</label>
              <select
                id={filterId}
                className="select select-sm w-auto"
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value as OutboxStatus | "");
                  setPage(0);
                }}
              >
                <option value="">{t("allStatuses")}</option>
                {OUTBOX_STATUSES.map((value) => <option key={value} value={value}>{t(`status.${value}`)}</option>)}
              </select>
            </div>
            <button
              type="button"
              className="btn btn-sm btn-outline"
              onClick={() => void outbox.refetch()}
              disabled={outbox.isFetching}
            >
              {t("refresh")}
            </button>
          </div>
        </div>
        {body}
        {total > PAGE_SIZE && (
          <Pager
            label={t("pagination.label")}
            page={page}
            hasNext={page + 1 < pages}
            onPage={setPage}
            previous={t("pagination.previous")}
            next={t("pagination.next")}
            position={t("pagination.pageOf", { page: page + 1, pages, total })}
          />
        )}
      </div>
      <OutboxMessageDialog
        // The open message as the latest page has it (after a resend, its new status).
        message={open ? outbox.data?.items.find((m) => m.id === open.id) ?? open : null}
        onClose={() => setOpen(null)}
      />
    </section>
  );
}
