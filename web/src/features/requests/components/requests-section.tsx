/**
 * Purchase Requests section (spec section 2): stats, server-side filters and pages of request
 * cards, and the dialogs for viewing, creating, editing, cancelling, approving and rejecting.
 */
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../lib/authorization.tsx";
import { useOpenParam } from "../../../hooks/use-open-param.ts";
import { ApproveDialog, type BudgetEffectComponent } from "./approve-dialog.tsx";
import { CreateRequestDialog } from "./create-request-dialog.tsx";
import { EditRequestDialog } from "./edit-request-dialog.tsx";
import { QuickCreateDialog } from "./quick-create-dialog.tsx";
import { RejectDialog } from "./reject-dialog.tsx";
import type { RequestAction, RequestRef } from "./request-actions.tsx";
import { RequestDetailsDialog } from "./request-details-dialog.tsx";
import { type ListFilters, RequestFilters } from "./request-filters.tsx";
import { RequestList } from "./request-list.tsx";
import { RequestStats } from "./request-stats.tsx";
import { StatusChangeDialog } from "./status-change-dialog.tsx";

type DialogState =
  | { kind: "create" | "quick" }
  | { kind: RequestAction; pr: RequestRef }
  | null;

export default function RequestsSection({ BudgetEffect }: { BudgetEffect: BudgetEffectComponent }) {
  const { t } = useTranslation("requests");
  const [filters, setFilters] = useState<ListFilters>({});
  const [page, setPage] = useState(0);
  const [dialog, setDialog] = useState<DialogState>(null);
  // A link naming a request (the inbox's) opens its details; they need only its id.
  const clearOpen = useOpenParam((id) => setDialog({ kind: "view", pr: { id } as RequestRef }));
  const close = useCallback(() => {
    setDialog(null);
    clearOpen();
  }, [clearOpen]);
  const changeFilters = useCallback((next: ListFilters) => {
    setFilters(next);
    setPage(0);
  }, []);
  const open = useCallback((kind: RequestAction, pr: RequestRef) => setDialog({ kind, pr }), []);

  return (
    <section aria-labelledby="requests-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="requests-title" className="text-2xl font-bold">{t("title")}</h2>
          <p className="text-base-content/70">{t("subtitle")}</p>
        </div>
        <Can permission="purchase_requests.create">
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline" onClick={() => setDialog({ kind: "quick" })}>
              {t("actions.quickCreate")}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: "create" })}>
              {t("actions.create")}
            </button>
          </div>
        </Can>
      </div>

      <RequestStats />

      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body p-4">
          <RequestFilters value={filters} onChange={changeFilters} />
        </div>
      </div>

      <RequestList filters={filters} page={page} onPageChange={setPage} onAction={open} />

      {dialog?.kind === "create" && <CreateRequestDialog onClose={close} />}
      {dialog?.kind === "quick" && <QuickCreateDialog onClose={close} />}
      {dialog?.kind === "view" && <RequestDetailsDialog id={dialog.pr.id} onClose={close} onAction={open} />}
      {dialog?.kind === "edit" && <EditRequestDialog id={dialog.pr.id} onClose={close} />}
      {(dialog?.kind === "cancel" || dialog?.kind === "complete" || dialog?.kind === "submit") && (
        <StatusChangeDialog kind={dialog.kind} pr={dialog.pr} onClose={close} />
      )}
      {dialog?.kind === "approve" && <ApproveDialog pr={dialog.pr} onClose={close} BudgetEffect={BudgetEffect} />}
      {dialog?.kind === "reject" && <RejectDialog pr={dialog.pr} onClose={close} />}
    </section>
  );
}
