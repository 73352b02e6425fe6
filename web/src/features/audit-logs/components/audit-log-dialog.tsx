import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Pager } from "../../../components/pager.tsx";
import { Loading } from "../../../components/load-states.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { type AuditFilter, useAuditLogs } from "../api/get-audit-logs.ts";
import { AuditLogTable } from "./audit-log-table.tsx";

const PAGE_SIZE = 50;

/** View All: every matching entry, 50 per page. */
export function AuditLogDialog({ open, filter, onClose }: { open: boolean; filter: AuditFilter; onClose: () => void }) {
  const { t } = useTranslation("audit-logs");
  return (
    <ModalDialog open={open} title={t("all.title")} onClose={onClose} size="xl">
      <AllEntries filter={filter} />
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>{t("translation:common.close")}</button>
      </div>
    </ModalDialog>
  );
}

function AllEntries({ filter }: { filter: AuditFilter }) {
  const { t } = useTranslation("audit-logs");
  const [page, setPage] = useState(0);
  const logs = useAuditLogs(filter, { limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  if (logs.isPending) {
    return <Loading />;
  }
  if (logs.isError) return <p role="alert" className="text-error">{t("loadError")}</p>;
  const { items, total } = logs.data;
  if (total === 0) return <p className="p-8 text-center text-base-content/70">{t("empty")}</p>;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = page * PAGE_SIZE + 1;
  const last = Math.min(total, first + items.length - 1);
  return (
    <div className="flex flex-col gap-3">
      <AuditLogTable entries={items} caption={t("all.title")} />
      <Pager
        label={t("all.pagination")}
        page={page}
        hasNext={page + 1 < pages}
        onPage={setPage}
        summary={t("all.range", { first, last, total })}
        busy={logs.isFetching}
        always
      />
    </div>
  );
}
