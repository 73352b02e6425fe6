import { useTranslation } from "react-i18next";
import { isolate } from "../../../lib/i18n.ts";
import type { VendorApplication } from "../api/get-vendor-applications.ts";

/**
 * Opens the stored license in a new tab. Applications registered through the old JSON call only
 * carry a file name ('uploads/...') with no file behind it; that name is shown as text.
 */
export function BusinessLicenseLink({ application }: { application: VendorApplication }) {
  const { t } = useTranslation("vendors");
  const url = application.businessLicenseUrl;
  if (!url) return null;
  if (!url.startsWith("/api/files/")) {
    return (
      <p className="text-sm text-base-content/70">
        {t("license.notUploaded", { name: isolate(url.replace(/^uploads\//, "")) })}
      </p>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="link link-primary inline-flex items-center gap-1"
    >
      {t("license.view")}
      {application.businessLicenseName && (
        <span className="text-sm text-base-content/60" dir="auto">({application.businessLicenseName})</span>
      )}
      <span aria-hidden="true" className="rtl:-scale-x-100">↗</span>
      <span className="sr-only">{t("license.newTab")}</span>
    </a>
  );
}
