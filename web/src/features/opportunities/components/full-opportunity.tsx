/**
 * What a quotation dialog opens on: the opportunity with every item. A list row carries its first
 * three items only (the list is cheaper so), so a longer request is asked by id first, with a loading
 * and an error state in the dialog's place; every item is then priced, not only those on the card.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { Modal } from "../../../components/modal-dialog.tsx";
import { type Opportunity, useFullOpportunity } from "../api/get-matching-opportunities.ts";

export function FullOpportunity({ opportunity, onClose, children }: {
  opportunity: Opportunity;
  onClose: () => void;
  children: (full: Opportunity) => ReactNode;
}) {
  const { t } = useTranslation("opportunities");
  const query = useFullOpportunity(opportunity);
  if (query.data) return children(query.data);
  return (
    <Modal title={opportunity.title} onClose={onClose}>
      {query.isPending
        ? <Loading label={t("fullItems.loading")} />
        : query.isError
        ? <LoadError message={t("fullItems.loadError")} onRetry={() => void query.refetch()} />
        : <div role="alert" className="alert alert-warning alert-soft">{t("fullItems.closed")}</div>}
    </Modal>
  );
}
