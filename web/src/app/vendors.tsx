/**
 * Vendor management (features/vendors) with the analytics feature's vendor scorecard inside an
 * approved application's details: the dashboard section (default export) and the /vendor-management page.
 */
import VendorsSection from "../features/vendors/components/vendors-section.tsx";
import VendorManagementPageView from "../features/vendors/components/vendor-management-page.tsx";
import { VendorScorecard } from "../features/analytics/components/vendor-scorecard.tsx";

export default function Vendors() {
  return <VendorsSection Scorecard={VendorScorecard} />;
}

export function VendorManagementPage() {
  return <VendorManagementPageView Scorecard={VendorScorecard} />;
}
