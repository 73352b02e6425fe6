/** The order's small dialogs: a reason (cancel, decline), a promised date (acknowledge), a confirmation (close). */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { usePurchaseOrderAction } from "../api/purchase-order-actions.ts";

export type DialogKind = "cancel" | "decline" | "acknowledge" | "close";

const PREFIX: Record<DialogKind, string> = {
  cancel: "cancelDialog",
  decline: "declineDialog",
  acknowledge: "acknowledgeDialog",
  close: "closeDialog",
};

export function PurchaseOrderActionDialog({ kind, id, poNumber, onClose }: {
  kind: DialogKind | null;
  id: number;
  poNumber: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("purchase-orders");
  const fieldId = useId();
  const [reason, setReason] = useState("");
  const [date, setDate] = useState("");
  const [error, setError] = useState<string | null>(null);
  const action = usePurchaseOrderAction(id);
  const prefix = kind ? PREFIX[kind] : "cancelDialog";
  const needsReason = kind === "cancel" || kind === "decline";
  const close = () => {
    setReason("");
    setDate("");
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!kind) return;
    if (needsReason && !reason.trim()) {
      setError(t("validation.reasonRequired"));
      return;
    }
    const body = kind === "acknowledge"
      ? { kind, promisedDeliveryDate: date || null }
      : kind === "close"
      ? { kind }
      : { kind, reason: reason.trim() };
    action.mutate(body, {
      onSuccess: () => {
        toast({ title: t(`${prefix}.success`), variant: "success" });
        close();
      },
      onError: (e) => toastError(e, t("actions.failed")),
    });
  };
  return (
    <ModalDialog
      open={kind !== null}
      title={t(`${prefix}.title`, { number: poNumber })}
      onClose={close}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={close}>{t("actions.back")}</button>
          <button
            type="button"
            className={`btn ${kind === "cancel" || kind === "decline" ? "btn-error" : "btn-primary"}`}
            disabled={action.isPending}
            onClick={submit}
          >
            {action.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t(`${prefix}.submit`)}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <p className="text-base-content/80">{t(`${prefix}.intro`)}</p>
        {needsReason && (
          <div className="flex flex-col gap-1">
            <label htmlFor={fieldId} className="text-sm font-medium">{t(`${prefix}.reason`)}</label>
            <textarea
              id={fieldId}
              className={`textarea w-full ${error ? "textarea-error" : ""}`}
              rows={3}
              maxLength={2000}
              value={reason}
              aria-invalid={!!error}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
            />
            {error && <p id={`${fieldId}-error`} className="text-sm text-error">{error}</p>}
          </div>
        )}
        {kind === "acknowledge" && (
          <div className="flex flex-col gap-1">
            <label htmlFor={fieldId} className="text-sm font-medium">{t("acknowledgeDialog.promisedDate")}</label>
            <input
              id={fieldId}
              type="date"
              className="input w-full"
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          </div>
        )}
      </div>
    </ModalDialog>
  );
}
