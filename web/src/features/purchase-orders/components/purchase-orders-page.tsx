import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { StandalonePage } from "../../../components/standalone-page.tsx";
import { useRole } from "../../../lib/authorization.tsx";
import { hasPermission } from "../../../../../src/shared/permissions.ts";
import { NotFoundPage } from "../../../components/not-found-page.tsx";
import { PurchaseOrderDetail } from "./purchase-order-detail.tsx";
import { PurchaseOrderRegister } from "./purchase-order-register.tsx";

/** /purchase-orders: the register on a page of its own (staff with purchase_orders.view). */
export default function PurchaseOrdersPage() {
  const { t } = useTranslation("purchase-orders");
  const role = useRole();
  if (!role || !hasPermission(role, "purchase_orders.view")) return <NotFoundPage />;
  return (
    <StandalonePage title={t("title")}>
      <PurchaseOrderRegister />
    </StandalonePage>
  );
}

/** /purchase-orders/:id: one order (staff, or the vendor it was issued to: the email's link). */
export function PurchaseOrderPage() {
  const { t } = useTranslation("purchase-orders");
  const role = useRole();
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />;
  return (
    <StandalonePage title={t("title")}>
      {role !== "vendor" && (
        <Link href="/purchase-orders" className="btn btn-ghost btn-sm mb-3">
          <span aria-hidden="true" className="rtl:rotate-180">←</span>
          {t("detail.back")}
        </Link>
      )}
      <PurchaseOrderDetail id={id} />
    </StandalonePage>
  );
}
