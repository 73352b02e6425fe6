import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { isolate } from "../../../lib/i18n.ts";
import type { VendorApplication } from "../api/get-vendor-applications.ts";
import { BusinessLicenseLink } from "./business-license-link.tsx";
import { useFormat } from "../../../lib/format.ts";
import { ScorecardSlot } from "./scorecard-slot.ts";

/** What a reviewer needs to decide: contact, company, categories, the license, and the review so far. */
export function VendorApplicationDetails({ application, scorecardOpen = false }: {
  application: VendorApplication;
  /** An approved vendor's scorecard: shown at once (the details dialog) or on demand (the lists). */
  scorecardOpen?: boolean;
}) {
  const VendorScorecard = useContext(ScorecardSlot);
  const { t } = useTranslation("vendors");
  const format = useFormat();
  const applicant = `${application.firstName} ${application.lastName}`.trim();
  const rows = [
    { label: t("fields.contactPerson"), value: application.contactPerson },
    { label: t("fields.applicant"), value: applicant },
    {
      label: t("fields.email"),
      value: <a className="link" href={`mailto:${application.email}`}>{application.email}</a>,
    },
    { label: t("fields.phone"), value: <span dir="ltr">{application.phone}</span> },
    { label: t("fields.company"), value: application.companyName },
  ];
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label} className="min-w-0">
            <dt className="text-xs uppercase tracking-wide text-base-content/60">{row.label}</dt>
            <dd className="break-words" dir="auto">{row.value || "-"}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h4 className="mb-1 text-xs uppercase tracking-wide text-base-content/60">{t("fields.categories")}</h4>
        {application.categories.length === 0
          ? <p className="text-sm text-base-content/70">{t("noCategories")}</p>
          : (
            <ul className="flex flex-wrap gap-2">
              {application.categories.map((c) => <li key={c.id} className="badge badge-outline" dir="auto">{c.name}
              </li>)}
            </ul>
          )}
      </div>
      <BusinessLicenseLink application={application} />
      {application.status !== "pending" && application.reviewedAt && (
        <p className="text-sm text-base-content/70">
          {t("reviewedOn", { date: format.date(application.reviewedAt) })}
        </p>
      )}
      {application.status === "rejected" && application.rejectionReason && (
        <p className="text-sm">{t("rejectionReason", { reason: isolate(application.rejectionReason) })}</p>
      )}
      {application.status === "approved" && <VendorScorecard vendorId={application.id} collapsed={!scorecardOpen} />}
    </div>
  );
}
