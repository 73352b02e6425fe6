/**
 * The standalone /vendor-management page: live vendor counts and the pending applications, each
 * with a Review button opening the same details and decisions as the dashboard section; then the
 * approved vendors, whose details show their scorecard.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListCard } from "../../../components/list-scaffold.tsx";
import { ApplicationPages } from "./vendor-application-list.tsx";
import { StandalonePage } from "../../../components/standalone-page.tsx";
import { useCan } from "../../../lib/authorization.tsx";
import { isolate } from "../../../lib/i18n.ts";
import type { VendorApplication } from "../api/get-vendor-applications.ts";
import { useFormat } from "../../../lib/format.ts";
import { VendorStatusBadge } from "./vendor-application-card.tsx";
import { VendorDetailsDialog } from "./vendor-details-dialog.tsx";
import { VendorStatCards } from "./vendor-stat-cards.tsx";
import { type ScorecardComponent, ScorecardSlot } from "./scorecard-slot.ts";
import { ActionButton } from "../../../components/action-button.tsx";

/** `Scorecard` (the analytics feature's vendor scorecard) comes from the app: web/src/app/vendors.tsx. */
export default function VendorManagementPage({ Scorecard }: { Scorecard: ScorecardComponent }) {
  return (
    <ScorecardSlot value={Scorecard}>
      <VendorManagementPageBody />
    </ScorecardSlot>
  );
}

function VendorManagementPageBody() {
  const { t } = useTranslation("vendors");
  const canView = useCan("vendors.view");
  return (
    <StandalonePage title={t("translation:pages.vendorManagement.title")}>
      {canView
        ? (
          <div className="flex flex-col gap-4">
            <VendorStatCards />
            <Applications status="pending" />
            <Applications status="approved" />
          </div>
        )
        : <div role="alert" className="alert alert-warning alert-soft">{t("noAccess")}</div>}
    </StandalonePage>
  );
}

/** Pending applications to review, and approved vendors whose details include their scorecard. */
function Applications({ status }: { status: "pending" | "approved" }) {
  const { t } = useTranslation("vendors");
  const format = useFormat();
  const pending = status === "pending";
  const [reviewing, setReviewing] = useState<VendorApplication | null>(null);

  return (
    <ListCard
      titleId={`${status}-applications-title`}
      title={t(`listTitle.${status}`)}
      after={<VendorDetailsDialog application={reviewing} onClose={() => setReviewing(null)} />}
    >
      <ApplicationPages
        status={status}
        listClassName="divide-y divide-base-300"
        itemClassName="flex flex-wrap items-center justify-between gap-3 py-3"
      >
        {(application) => (
          <>
            <div className="min-w-0">
              <p className="font-medium break-words" dir="auto">{application.companyName}</p>
              <p className="text-sm text-base-content/70 break-words" dir="auto">
                {application.contactPerson} · {application.email}
              </p>
              <p className="text-xs text-base-content/60">
                {t("appliedOn", { date: format.date(application.createdAt) })}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <VendorStatusBadge status={status} />
              <ActionButton
                label={t(pending ? "actions.review" : "actions.details")}
                className={`btn btn-sm ${pending ? "btn-primary" : "btn-outline"}`}
                name={t(pending ? "actions.reviewNamed" : "actions.detailsNamed", {
                  name: isolate(application.companyName),
                })}
                onClick={() => setReviewing(application)}
              />
            </div>
          </>
        )}
      </ApplicationPages>
    </ListCard>
  );
}
