import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { PurchaseOrderRegister } from "./purchase-order-register.tsx";

/** The Purchase Orders section of the dashboard, with a link to the same register on /purchase-orders. */
export default function PurchaseOrdersSection() {
  const { t } = useTranslation("purchase-orders");
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold">{t("title")}</h2>
          <p className="text-base-content/70">{t("description")}</p>
        </div>
        <Link href="/purchase-orders" className="btn btn-outline btn-sm">{t("openPage")}</Link>
      </div>
      <PurchaseOrderRegister />
    </div>
  );
}
