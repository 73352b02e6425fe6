/**
 * The buttons of the details dialog, by state (the shared status machine decides which moves exist)
 * and by permission: status moves for those who can manage bids, Unseal Bids for those allowed to
 * unseal. Cancel and Unseal ask first; unsealing is audited and cannot be undone.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { canCreateBids, canManageBids } from "../../../../../src/shared/permissions.ts";
import { BID_LIVE_STATUSES, type BidStatus, canTransitionBid } from "../../../../../src/shared/status/bid-request.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useCan, useRole } from "../../../lib/authorization.tsx";
import { useCurrentUser } from "../../../hooks/use-current-user.ts";
import { serverMessage, toastError } from "../../../lib/error-toast.ts";
import { isolate } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";
import type { BidEvent, BidRequest } from "../api/get-bid-requests.ts";
import { useUnsealBidRequest } from "../api/unseal-bid-request.ts";
import { useUpdateBidRequestStatus } from "../api/update-bid-request-status.ts";
import { useBidMessageText } from "./use-bid-messages.ts";
import { AmendBidDialog } from "./amend-bid-dialog.tsx";
import { CloseEarlyDialog } from "./close-early-dialog.tsx";
import { CreateBidDialog } from "./create-bid-dialog.tsx";
import { DecideBidDialog } from "./decide-bid-dialog.tsx";

/** The moves offered as buttons, in the order they happen; 'awarded' is reached by choosing a quotation. */
const MOVES = [
  ["published", "actions.publish", "btn-primary"],
  ["bidding_closed", "actions.closeBidding", "btn-warning"],
  ["evaluation", "actions.startEvaluation", "btn-secondary"],
] as const;

export function canUnseal(bid: Pick<BidRequest, "biddingMode" | "unsealedAt" | "status">): boolean {
  return bid.biddingMode === "sealed" && !bid.unsealedAt &&
    (bid.status === "bidding_closed" || bid.status === "evaluation");
}

/** Approvals given since the bid was last submitted for approval (as the server counts them). */
export function currentApprovals(history: BidEvent[]): BidEvent[] {
  const since = history.map((e) => e.action).lastIndexOf("submitted");
  return history.slice(since + 1).filter((e) => e.action === "approved");
}

export function BidActions({ bid }: { bid: BidRequest }) {
  const { t } = useTranslation("bids");
  const messageText = useBidMessageText();
  const role = useRole();
  const myId = useCurrentUser().data?.id;
  const me = myId === undefined ? undefined : Number(myId);
  const manage = canManageBids(role);
  const mayEdit = canCreateBids(role);
  const mayApprove = useCan("purchase_requests.approve");
  const mayReject = useCan("purchase_requests.reject");
  const mayUnseal = useCan("sealed_bidding.unseal");
  const update = useUpdateBidRequestStatus();
  const unseal = useUnsealBidRequest();
  const [confirm, setConfirm] = useState<
    "cancel" | "unseal" | "closeEarly" | "edit" | "amend" | "approve" | "reject" | null
  >(null);
  const busy = update.isPending || unseal.isPending;

  const move = (status: BidStatus, reason?: string) => {
    if (busy) return;
    // Before the advertised deadline, closing asks first: how much time vendors still had, and why.
    if (status === "bidding_closed" && reason === undefined && new Date(bid.biddingDeadline) > new Date()) {
      setConfirm("closeEarly");
      return;
    }
    update.mutate({ id: bid.id, status, reason }, {
      onSuccess: () => {
        setConfirm(null);
        toast({
          variant: "success",
          title: t("toast.statusUpdated"),
          description: t("toast.statusUpdatedDescription"),
        });
      },
      onError: (error) => {
        setConfirm(null);
        const reason = messageText(serverMessage(error));
        toast({
          variant: "error",
          title: t("toast.updateFailed"),
          description: reason ? t("toast.updateFailedReason", { reason }) : t("toast.updateFailedDescription"),
        });
      },
    });
  };

  const doUnseal = () => {
    if (busy) return;
    unseal.mutate(bid.id, {
      onSuccess: (updated) => {
        setConfirm(null);
        toast({
          variant: "success",
          title: t("toast.unsealed"),
          description: t("toast.unsealedDescription", { number: String(updated.bidCount) }),
        });
      },
      onError: (error) => {
        setConfirm(null);
        toastError(error, t("toast.unsealFailed"), { fallback: t("toast.unsealFailedDescription") });
      },
    });
  };

  const status = bid.status;
  // A bid pending approval is published by its last approval, not by a button.
  const moves = manage
    ? MOVES.filter(([to]) => canTransitionBid(status, to) && !(status === "pending_approval" && to === "published"))
    : [];
  const cancellable = manage && canTransitionBid(status, "cancelled");
  const unsealable = mayUnseal && canUnseal(bid);
  const editable = mayEdit && status === "draft";
  const amendable = mayEdit && BID_LIVE_STATUSES.includes(status);
  // The server's rule: never one's own, once per person, one approval per stage (manager, finance).
  const myStage = role === "cost_finance_controller" ? "finance" : "manager";
  const given = currentApprovals(bid.history ?? []);
  const mine = me !== undefined && bid.createdBy === me;
  const canApproveNow = mayApprove && !mine &&
    !given.some((e) => e.actor?.id === me || (bid.approvalsRequired >= 2 && e.stage === myStage));
  const decidable = status === "pending_approval" && !mine && (canApproveNow || mayReject);
  if (!moves.length && !cancellable && !unsealable && !editable && !amendable && !decidable) return null;

  return (
    <>
      {(editable || amendable) && (
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          onClick={() => setConfirm(editable ? "edit" : "amend")}
        >
          {editable ? t("lifecycle.actions.edit") : t("lifecycle.actions.amend")}
        </button>
      )}
      {decidable && mayReject && (
        <button
          type="button"
          className="btn btn-outline btn-error"
          onClick={() => setConfirm("reject")}
        >
          {t("lifecycle.actions.reject")}
        </button>
      )}
      {decidable && canApproveNow && (
        <button
          type="button"
          className="btn btn-success"
          onClick={() => setConfirm("approve")}
        >
          {t("lifecycle.actions.approve")}
        </button>
      )}
      {cancellable && (
        <button
          type="button"
          className="btn btn-ghost text-error"
          disabled={busy}
          onClick={() => setConfirm("cancel")}
        >
          {t("actions.cancelBid")}
        </button>
      )}
      {unsealable && (
        <button
          type="button"
          className="btn btn-accent"
          disabled={busy}
          onClick={() => setConfirm("unseal")}
        >
          {t("actions.unseal")}
        </button>
      )}
      {moves.map(([to, label, style]) => (
        <button
          key={to}
          type="button"
          className={`btn ${style}`}
          disabled={busy}
          onClick={() => move(to)}
        >
          {update.isPending && update.variables?.status === to && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          {t(label)}
        </button>
      ))}
      {confirm === "cancel" && (
        <ConfirmDialog
          tone="error"
          cancelLabel={t("confirm.keep")}
          title={t("confirm.cancelTitle")}
          confirmLabel={t("confirm.cancelConfirm")}
          busy={update.isPending}
          onConfirm={() => move("cancelled")}
          onClose={() => setConfirm(null)}
        >
          <p>{t("confirm.cancelQuestion", { number: isolate(bid.bidNumber) })}</p>
          <p className="text-sm text-base-content/70">{t("confirm.cancelWarning")}</p>
        </ConfirmDialog>
      )}
      {confirm === "closeEarly" && (
        <CloseEarlyDialog
          bid={bid}
          busy={update.isPending}
          onConfirm={(reason) => move("bidding_closed", reason)}
          onClose={() => setConfirm(null)}
        />
      )}
      {confirm === "edit" && (
        <CreateBidDialog
          editing={bid}
          onCreated={() => undefined}
          onClose={() => setConfirm(null)}
        />
      )}
      {confirm === "amend" && <AmendBidDialog bid={bid} onClose={() => setConfirm(null)} />}
      {(confirm === "approve" || confirm === "reject") && (
        <DecideBidDialog
          bid={bid}
          decision={confirm}
          onClose={() => setConfirm(null)}
        />
      )}
      {confirm === "unseal" && (
        <ConfirmDialog
          cancelLabel={t("confirm.keep")}
          title={t("confirm.unsealTitle")}
          confirmLabel={t("confirm.unsealConfirm")}
          busy={unseal.isPending}
          onConfirm={doUnseal}
          onClose={() => setConfirm(null)}
        >
          <p>{t("confirm.unsealQuestion", { number: isolate(bid.bidNumber) })}</p>
          <div role="note" className="alert alert-warning alert-soft text-sm">
            {t("confirm.unsealWarning")}
          </div>
        </ConfirmDialog>
      )}
    </>
  );
}
