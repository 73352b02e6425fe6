import { useTranslation } from "react-i18next";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import type { VendorApplication } from "../api/get-vendor-applications.ts";
import { VendorStatusBadge } from "./vendor-application-card.tsx";
import { VendorApplicationDetails } from "./vendor-application-details.tsx";
import { VendorReviewActions } from "./vendor-review-actions.tsx";
import { useFormat } from "../../../lib/format.ts";

/** The Review dialog of the standalone page: the same details and decisions as the dashboard section. */
export function VendorDetailsDialog({ application, onClose }: {
  application: VendorApplication | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("vendors");
  const format = useFormat();
  return (
    <ModalDialog
      open={application !== null}
      onClose={onClose}
      title={application?.companyName ?? t("review.title")}
    >
      {application && (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2 text-sm text-base-content/70">
            <VendorStatusBadge status={application.status} />
            <span>{t("appliedOn", { date: format.date(application.createdAt) })}</span>
          </div>
          <VendorApplicationDetails application={application} scorecardOpen />
          <div className="modal-action flex-wrap items-center justify-between">
            {application.status === "pending"
              ? <VendorReviewActions application={application} onReviewed={onClose} />
              : <span />}
            <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
              {t("translation:common.close")}
            </button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
