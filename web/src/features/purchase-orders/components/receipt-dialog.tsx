import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { issueMessage, toastError } from "../../../lib/error-toast.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.tsx";
import { isolate } from "../../../lib/i18n.ts";
import { fromThousandths, toThousandths } from "../../../../../src/shared/schemas/purchase-orders.ts";
import type { PurchaseOrder } from "../api/get-purchase-order.ts";
import { useRecordReceipt } from "../api/purchase-order-actions.ts";

const QUANTITY = /^\d{1,11}(\.\d{1,3})?$/;

/** What is still to come of each line ("" once a line is complete: nothing more is expected of it). */
export function remainingQuantities(order: PurchaseOrder): Record<number, string> {
  return Object.fromEntries(order.lines.map((line) => {
    const left = BigInt(line.quantity) * 1000n - toThousandths(line.received);
    return [line.id, left > 0n ? fromThousandths(left) : ""];
  }));
}

/**
 * Goods receipt: a quantity per line, notes, a delivery note. Each line starts at what is still to
 * come, since a delivery most often brings the rest; the receiver lowers what fell short, and 0 or
 * empty means nothing of it arrived. A line that would pass its ordered quantity asks for an
 * over-receipt reason (the server refuses it without).
 */
export function ReceiptDialog({ order, open, onClose }: { order: PurchaseOrder; open: boolean; onClose: () => void }) {
  const { t } = useTranslation("purchase-orders");
  const id = useId();
  const [quantities, setQuantities] = useState<Record<number, string>>(() => remainingQuantities(order));
  // Each opening starts from what is still to come now (the order has changed since the last one);
  // set while rendering, so the first frame already shows it.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setQuantities(remainingQuantities(order));
  }
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [notes, setNotes] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const record = useRecordReceipt(order.id);

  const over = (lineId: number) => {
    const line = order.lines.find((l) => l.id === lineId)!;
    const q = quantities[lineId]?.trim() ?? "";
    if (!QUANTITY.test(q)) return false;
    return toThousandths(line.received) + toThousandths(q) > BigInt(line.quantity) * 1000n;
  };
  const receiveAllRemaining = () => {
    setQuantities(remainingQuantities(order));
    setReasons({});
    setErrors({});
  };
  const reset = () => {
    setQuantities({});
    setReasons({});
    setNotes("");
    setFile(null);
    setErrors({});
  };
  const close = () => {
    reset();
    onClose();
  };
  const submit = () => {
    const problems: Record<string, string> = {};
    const lines = order.lines.flatMap((line) => {
      const q = quantities[line.id]?.trim() ?? "";
      if (!q) return [];
      if (!QUANTITY.test(q)) {
        problems[`q-${line.id}`] = t("validation.quantityInvalid");
        return [];
      }
      // Zero: nothing of this line arrived (lines start filled in, so emptying is not the only way).
      if (toThousandths(q) === 0n) return [];
      const reason = reasons[line.id]?.trim() ?? "";
      if (over(line.id) && !reason) problems[`r-${line.id}`] = t("validation.overReceiptReasonRequired");
      return [{ quotationItemId: line.id, quantity: q, ...(over(line.id) ? { overReceiptReason: reason } : {}) }];
    });
    if (lines.length === 0 && Object.keys(problems).length === 0) problems.form = t("validation.linesRequired");
    setErrors(problems);
    if (Object.keys(problems).length) return;
    record.mutate({ receipt: { lines, notes: notes.trim() }, deliveryNote: file }, {
      onSuccess: () => {
        toast({ title: t("receiveDialog.success"), variant: "success" });
        close();
      },
      onError: (e) => {
        // A field the server named (e.g. lines.0.overReceiptReason) is shown at that field.
        if (e instanceof ApiError && e.issues?.length) {
          const next: Record<string, string> = {};
          for (const issue of e.issues) {
            const path = Array.isArray(issue.path) ? issue.path.join(".") : issue.path ?? "";
            const m = /^lines\.(\d+)\.(quantity|overReceiptReason)/.exec(path);
            const line = m ? lines[Number(m[1])] : undefined;
            if (line) next[`${m![2] === "quantity" ? "q" : "r"}-${line.quotationItemId}`] = issueMessage(e, issue);
          }
          if (Object.keys(next).length) return setErrors(next);
        }
        toastError(e, t("actions.failed"));
      },
    });
  };
  return (
    <ModalDialog
      open={open}
      size="lg"
      title={t("receiveDialog.title")}
      onClose={close}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={close}>{t("actions.back")}</button>
          <button type="button" className="btn btn-primary" disabled={record.isPending} onClick={submit}>
            {record.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t("receiveDialog.submit")}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-base-content/80">{t("receiveDialog.intro")}</p>
          <button type="button" className="btn btn-outline btn-sm" onClick={receiveAllRemaining}>
            {t("receiveDialog.receiveAll")}
          </button>
        </div>
        {errors.form && <p role="alert" className="text-sm text-error">{errors.form}</p>}
        {order.lines.map((line) => {
          const qId = `${id}-q-${line.id}`;
          const rId = `${id}-r-${line.id}`;
          const qError = errors[`q-${line.id}`];
          const rError = errors[`r-${line.id}`];
          return (
            <fieldset key={line.id} className="rounded-box border border-base-300 p-3">
              <legend className="px-1 font-medium" dir="auto">{line.name}</legend>
              <div className="flex flex-col gap-1">
                <label htmlFor={qId} className="text-sm">
                  {t("receiveDialog.quantity", { item: isolate(line.name), unit: isolate(line.unit) })}
                </label>
                <input
                  id={qId}
                  inputMode="decimal"
                  dir="ltr"
                  className={`input w-full sm:w-48 ${qError ? "input-error" : ""}`}
                  value={quantities[line.id] ?? ""}
                  aria-invalid={!!qError}
                  aria-describedby={`${qId}-progress${qError ? ` ${qId}-error` : ""}`}
                  onChange={(event) => setQuantities({ ...quantities, [line.id]: event.target.value })}
                />
                <p id={`${qId}-progress`} className="text-xs text-base-content/70">
                  {t("receiveDialog.progress", {
                    received: fromThousandths(toThousandths(line.received)),
                    ordered: line.quantity,
                  })}
                </p>
                {qError && <p id={`${qId}-error`} className="text-sm text-error">{qError}</p>}
              </div>
              {(over(line.id) || rError) && (
                <div className="mt-2 flex flex-col gap-1">
                  <label htmlFor={rId} className="text-sm font-medium">
                    {t("receiveDialog.overReceiptReason", { item: isolate(line.name) })}
                  </label>
                  <p className="text-xs text-warning-content/80">{t("receiveDialog.overReceiptHint")}</p>
                  <input
                    id={rId}
                    className={`input w-full ${rError ? "input-error" : ""}`}
                    maxLength={2000}
                    value={reasons[line.id] ?? ""}
                    aria-invalid={!!rError}
                    aria-describedby={rError ? `${rId}-error` : undefined}
                    onChange={(event) => setReasons({ ...reasons, [line.id]: event.target.value })}
                  />
                  {rError && <p id={`${rId}-error`} className="text-sm text-error">{rError}</p>}
                </div>
              )}
            </fieldset>
          );
        })}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-notes`} className="text-sm font-medium">{t("receiveDialog.notes")}</label>
          <textarea
            id={`${id}-notes`}
            className="textarea w-full"
            rows={2}
            maxLength={2000}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-file`} className="text-sm font-medium">{t("receiveDialog.deliveryNote")}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept="application/pdf,image/png,image/jpeg"
            className="file-input w-full"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
      </div>
    </ModalDialog>
  );
}
