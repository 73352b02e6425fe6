import type { ReactNode } from "react";
import type { DialogTone } from "./dialog-buttons.tsx";
import { DecisionDialog } from "./decision-dialog.tsx";

/**
 * A yes/no question in its own dialog, open while mounted (stacked above the dialog it was asked
 * from): a small decision with nothing to fill in.
 */
export function ConfirmDialog(
  { title, children, confirmLabel, cancelLabel, tone = "warning", busy = false, onConfirm, onClose }: {
    title: string;
    children: ReactNode;
    confirmLabel: string;
    /** The button that answers no; Cancel unless given. */
    cancelLabel?: string;
    tone?: DialogTone;
    busy?: boolean;
    onConfirm: () => void;
    onClose: () => void;
  },
) {
  return (
    <DecisionDialog
      size="sm"
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      tone={tone}
      pending={busy}
      onSubmit={onConfirm}
      onClose={onClose}
    >
      {children}
    </DecisionDialog>
  );
}
