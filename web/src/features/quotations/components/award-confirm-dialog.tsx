/**
 * The confirmation every award goes through, from a card's Approve button (PATCH status approved)
 * or from a comparison column's Award button (POST .../award). On success it stays open and shows
 * the purchase order that was issued, with its PDF link.
 */
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextareaField } from "../../../components/form-field.tsx";
import { hasErrorCode, toastError } from "../../../lib/error-toast.ts";
import { isolate } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";
import type { PurchaseOrderRef } from "../api/award-quotation.ts";
import { useFormat } from "./format.ts";
import { Modal } from "../../../components/modal-dialog.tsx";
import { DialogButtons } from "../../../components/dialog-buttons.tsx";
import { PurchaseOrderLink } from "./purchase-order-link.tsx";

export type AwardTarget = {
  quotationId: number;
  vendorName: string;
  requestTitle: string;
  requestNumber: string;
  totalAmount: string;
  currency: string;
};

export function AwardConfirmDialog({ target, title, confirmLabel, onConfirm, onClose, needsJustification = false }: {
  target: AwardTarget;
  title: string;
  confirmLabel: string;
  /** Performs the award and resolves with the purchase order. */
  onConfirm: (comment: string, justification: string) => Promise<PurchaseOrderRef | undefined>;
  onClose: () => void;
  /** The quotation is not the best by the evaluation method: a written justification is required. */
  needsJustification?: boolean;
}) {
  const { t } = useTranslation("quotations");
  const format = useFormat();
  const [comment, setComment] = useState("");
  const [justification, setJustification] = useState("");
  // Also when the server says so (a card's Approve does not know the ranking).
  const [justify, setJustify] = useState(needsJustification);
  const [justificationMissing, setJustificationMissing] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [order, setOrder] = useState<PurchaseOrderRef>();
  const formId = `award-${target.quotationId}`;
  const vendor = isolate(target.vendorName);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (justify && !justification.trim()) {
      setJustificationMissing(true);
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      const po = await onConfirm(comment.trim(), justification.trim());
      setOrder(po);
      toast({
        variant: "success",
        title: t("toast.awarded"),
        description: po ? t("toast.awardedDescription", { po: isolate(po.poNumber), vendor }) : undefined,
      });
    } catch (failure) {
      if (hasErrorCode(failure, "award.justificationRequired")) {
        setJustify(true);
        setJustificationMissing(true);
        return;
      }
      setError(toastError(failure, t("toast.error"), { fallback: t("toast.awardFailed") }));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={order
        ? <button type="button" className="btn btn-primary" onClick={onClose}>{t("translation:common.close")}</button>
        : <DialogButtons confirmLabel={confirmLabel} tone="success" busy={pending} onCancel={onClose} form={formId} />}
    >
      {order
        ? (
          <div role="status" className="alert alert-success alert-soft flex flex-col items-start gap-2">
            <p className="font-semibold">{t("award.issued", { po: isolate(order.poNumber) })}</p>
            <p>
              {t("award.issuedDetail", { vendor, total: isolate(format.money(order.totalAmount, target.currency)) })}
            </p>
            <PurchaseOrderLink order={order} />
          </div>
        )
        : (
          <form id={formId} onSubmit={submit} className="flex flex-col gap-3" noValidate>
            <p>
              {t("award.summary", {
                vendor,
                title: isolate(target.requestTitle),
                number: isolate(target.requestNumber),
                total: isolate(format.money(target.totalAmount, target.currency)),
              })}
            </p>
            <div role="note" className="alert alert-warning alert-soft">{t("award.warning")}</div>
            <TextareaField
              label={t("award.comment")}
              rows={2}
              maxLength={2000}
              dir="auto"
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
            {justify && (
              <TextareaField
                label={`${t("award.justification")} *`}
                hint={t("award.justificationHint")}
                textareaClassName={`textarea w-full ${justificationMissing ? "textarea-error" : ""}`}
                maxLength={5000}
                dir="auto"
                required
                aria-invalid={justificationMissing}
                value={justification}
                onChange={(event) => {
                  setJustification(event.target.value);
                  if (event.target.value.trim()) setJustificationMissing(false);
                }}
              />
            )}
            {justificationMissing && (
              <p role="alert" className="text-sm text-error">{t("award.justificationRequired")}</p>
            )}
            {error && <div role="alert" className="alert alert-error alert-soft">{error}</div>}
          </form>
        )}
    </Modal>
  );
}
