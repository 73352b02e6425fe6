/**
 * Which actions a request offers the current user: the state machine (canEdit/canTransition) and
 * the permission matrix decide, and nobody approves or rejects their own request or one they have
 * already approved (the server refuses both).
 */
import { useTranslation } from "react-i18next";
import { useCan } from "../../../lib/authorization.tsx";
import { useCurrentUser } from "../../../hooks/use-current-user.ts";
import { canEdit, canTransition, type PrStatus } from "../../../../../src/shared/status/purchase-request.ts";
import { isKnownStatus } from "./status-badge.tsx";

export type RequestAction = "view" | "edit" | "submit" | "complete" | "cancel" | "approve" | "reject";

export type ActionTarget = { id: number; status: PrStatus | string; createdById: number; approvedBy?: number[] };

/** What a dialog needs to know about its request, whether opened from a card or from the details. */
export type RequestRef = ActionTarget & { requestId: string; title: string; version: number };

export function useAvailableActions(pr: ActionTarget): RequestAction[] {
  const { data: user } = useCurrentUser();
  const mayEdit = useCan("purchase_requests.edit");
  const mayApprove = useCan("purchase_requests.approve");
  const mayReject = useCan("purchase_requests.reject");
  const actions: RequestAction[] = ["view"];
  if (!isKnownStatus(pr.status)) return actions;
  const status = pr.status;
  const isCreator = user != null && String(user.id) === String(pr.createdById);
  if (mayEdit && canEdit(status)) actions.push("edit");
  if (mayEdit && canTransition(status, "pending") && status === "draft") actions.push("submit");
  if (mayEdit && canTransition(status, "completed")) actions.push("complete");
  if (mayEdit && canEdit(status) && canTransition(status, "cancelled")) actions.push("cancel");
  // Once you have approved, the request waits for someone else (approving again answers 409).
  const approvedAlready = user != null && (pr.approvedBy ?? []).some((id) => String(id) === String(user.id));
  if (status === "pending" && !isCreator && !approvedAlready) {
    if (mayApprove && canTransition(status, "active")) actions.push("approve");
    if (mayReject && canTransition(status, "rejected")) actions.push("reject");
  }
  return actions;
}

const BUTTON_CLASS: Record<RequestAction, string> = {
  view: "btn-ghost",
  edit: "btn-outline",
  submit: "btn-primary",
  complete: "btn-outline btn-success",
  cancel: "btn-outline btn-error",
  approve: "btn-success",
  reject: "btn-error",
};

export function RequestActions({ pr, onAction, exclude = [], describedBy }: {
  pr: ActionTarget;
  onAction: (action: RequestAction) => void;
  exclude?: RequestAction[];
  /** The id of the request's heading, so each of a list of identical buttons says which request it acts on. */
  describedBy?: string;
}) {
  const { t } = useTranslation("requests");
  const actions = useAvailableActions(pr).filter((a) => !exclude.includes(a));
  return (
    <>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={`btn btn-sm ${BUTTON_CLASS[action]}`}
          aria-describedby={describedBy}
          onClick={() => onAction(action)}
        >
          {t(`actions.${action}`)}
        </button>
      ))}
    </>
  );
}
