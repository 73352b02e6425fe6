import { useTranslation } from "react-i18next";
import { PageSection } from "../../../components/page-section.tsx";
import { PurchaseOrderRegister } from "./purchase-order-register.tsx";

/** The Purchase Orders section of the dashboard, with a link to the same register on /purchase-orders. */
export default function PurchaseOrdersSection() {
  const { t } = useTranslation("purchase-orders");
  return (
    <PageSection title={t("title")} description={t("description")} href="/purchase-orders" linkLabel={t("openPage")}>
      <PurchaseOrderRegister />
    </PageSection>
  );
}
