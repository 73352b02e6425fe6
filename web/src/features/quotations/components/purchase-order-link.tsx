import { useTranslation } from "react-i18next";
import { purchaseOrderPdfUrl } from "../api/get-purchase-order-pdf.ts";

/** The purchase order an award issued: its number and a link to its PDF. */
export function PurchaseOrderLink({ order }: { order: { id: number; poNumber: string } }) {
  const { t } = useTranslation("quotations");
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span>
        {t("po.label")}: <span className="font-mono font-semibold" dir="ltr">{order.poNumber}</span>
      </span>
      <a className="link link-primary" href={purchaseOrderPdfUrl(order.id)} download={`${order.poNumber}.pdf`}>
        {t("po.download")}
      </a>
    </div>
  );
}
