/**
 * The vendor's opportunities (features/opportunities) with the OCR feature's import dialog (loaded
 * only when a vendor opens it: pdf.js is among it) and the purchase-orders feature's order view.
 */
import { lazy } from "react";
import OpportunitiesSection from "../../features/opportunities/components/opportunities-section.tsx";
import { VendorPurchaseOrder } from "../../features/purchase-orders/components/vendor-purchase-order.tsx";

const OcrImportDialog = lazy(() => import("../../features/ocr/components/ocr-import-dialog.tsx"));

export default function Opportunities() {
  return <OpportunitiesSection OcrImportDialog={OcrImportDialog} PurchaseOrder={VendorPurchaseOrder} />;
}
