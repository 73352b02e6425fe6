import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../lib/authorization.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { isolate } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";
import type { VendorApplication } from "../api/get-vendor-applications.ts";
import { type ReviewVendorInput, useReviewVendor } from "../api/review-vendor.ts";
import { RejectVendorDialog } from "./reject-vendor-dialog.tsx";
import { ActionButton } from "../../../components/action-button.tsx";

/**
 * Approve and Reject for one application, each behind its permission. One mutation per application,
 * so both of its buttons are disabled (and repeat clicks ignored) while a decision is on its way.
 */
export function VendorReviewActions({ application, onReviewed }: {
  application: VendorApplication;
  onReviewed?: () => void;
}) {
  const { t } = useTranslation("vendors");
  const review = useReviewVendor();
  const [rejecting, setRejecting] = useState(false);
  const name = isolate(application.companyName);

  const decide = async (input: Omit<ReviewVendorInput, "id">) => {
    if (review.isPending) return;
    const approve = input.status === "approved";
    // mutateAsync, not mutate's callbacks: the refreshed list unmounts this row once the vendor is
    // no longer pending, and callbacks of an unmounted observer never run, so the toast would be lost.
    try {
      await review.mutateAsync({ id: application.id, ...input });
    } catch (error) {
      toastError(error, t(approve ? "toast.approveFailed" : "toast.rejectFailed"));
      return;
    }
    toast({ variant: "success", title: t(approve ? "toast.approved" : "toast.rejected") });
    setRejecting(false);
    onReviewed?.();
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Can permission="vendors.approve">
        <button
          type="button"
          className="btn btn-success btn-sm"
          disabled={review.isPending}
          aria-label={t("actions.approveNamed", { name })}
          onClick={() => void decide({ status: "approved" })}
        >
          {review.isPending && review.variables?.status === "approved" && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          {t("actions.approve")}
        </button>
      </Can>
      <Can permission="vendors.reject">
        <ActionButton
          label={t("actions.reject")}
          className="btn btn-error btn-outline btn-sm"
          disabled={review.isPending}
          name={t("actions.rejectNamed", { name })}
          onClick={() => setRejecting(true)}
        />
        <RejectVendorDialog
          open={rejecting}
          companyName={application.companyName}
          pending={review.isPending}
          onCancel={() => setRejecting(false)}
          onConfirm={(reason) => void decide({ status: "rejected", reason })}
        />
      </Can>
    </div>
  );
}
