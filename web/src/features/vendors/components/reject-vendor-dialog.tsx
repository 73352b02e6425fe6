import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../../components/form-actions.tsx";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { isolate } from "../../../lib/i18n.ts";

/** The reason is optional; when given it is sent to the vendor in the rejection email. */
export function RejectVendorDialog({ open, companyName, pending, onCancel, onConfirm }: {
  open: boolean;
  companyName: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string | undefined) => void;
}) {
  const { t } = useTranslation("vendors");
  return (
    <ModalDialog open={open} onClose={onCancel} title={t("reject.title")}>
      <RejectForm companyName={companyName} pending={pending} onCancel={onCancel} onConfirm={onConfirm} />
    </ModalDialog>
  );
}

function RejectForm({ companyName, pending, onCancel, onConfirm }: {
  companyName: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (reason: string | undefined) => void;
}) {
  const { t } = useTranslation("vendors");
  const id = useId();
  const [reason, setReason] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(reason.trim() || undefined);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p>{t("reject.question", { name: isolate(companyName) })}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">{t("reject.reasonLabel")}</label>
        <textarea
          id={id}
          className="textarea w-full"
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-xs text-base-content/60">{t("reject.reasonHint")}</p>
      </div>
      <FormActions
        label={t("reject.confirm")}
        pendingLabel={t("reject.rejecting")}
        pending={pending}
        onCancel={onCancel}
        tone="btn-error"
      />
    </form>
  );
}
