import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { VendorApplication } from "../api/get-vendor-applications.ts";
import { VendorApplicationDetails } from "./vendor-application-details.tsx";
import { VendorReviewActions } from "./vendor-review-actions.tsx";
import { useFormat } from "../../../lib/format.ts";

const STATUS_BADGE: Record<string, string> = {
  pending: "badge-warning",
  approved: "badge-success",
  rejected: "badge-error",
};

export function VendorStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("vendors");
  const known = status === "pending" || status === "approved" || status === "rejected";
  return (
    <span className={`badge badge-soft ${STATUS_BADGE[status] ?? "badge-neutral"}`}>
      {known ? t(`status.${status}`) : status}
    </span>
  );
}

export function VendorApplicationCard({ application }: { application: VendorApplication }) {
  const { t } = useTranslation("vendors");
  const format = useFormat();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="rounded-box border border-base-300 p-4">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={titleId} className="text-lg font-semibold break-words" dir="auto">{application.companyName}</h4>
          <p className="text-sm text-base-content/70">
            {t("appliedOn", { date: format.date(application.createdAt) })}
          </p>
        </div>
        <VendorStatusBadge status={application.status} />
      </div>
      <VendorApplicationDetails application={application} />
      {application.status === "pending" && (
        <div className="mt-4 border-t border-base-300 pt-3">
          <VendorReviewActions application={application} />
        </div>
      )}
    </article>
  );
}
