import { useTranslation } from "react-i18next";
import { FilterSelect } from "../../../components/filter-select.tsx";
import { TextField } from "../../../components/form-field.tsx";
import {
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderStatus,
} from "../../../../../src/shared/schemas/purchase-orders.ts";
import { type PurchaseOrderFilters as Filters, usePurchaseOrderVendors } from "../api/get-purchase-orders.ts";

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** The register's filters: search, status, vendor, issue dates and amount range. */
export function PurchaseOrderFilters({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const { t } = useTranslation("purchase-orders");
  const vendors = usePurchaseOrderVendors();
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const amount = (value: string) => (AMOUNT.test(value.trim()) ? value.trim() : undefined);
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <TextField
        label={t("filters.search")}
        className="sm:col-span-2"
        type="search"
        placeholder={t("filters.searchPlaceholder")}
        defaultValue={filters.search ?? ""}
        maxLength={200}
        onChange={(event) => set({ search: event.target.value.trim() || undefined })}
      />
      <FilterSelect
        label={t("filters.status")}
        allLabel={t("filters.allStatuses")}
        value={filters.status}
        options={PURCHASE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        onChange={(status) => set({ status: status as PurchaseOrderStatus | undefined })}
      />
      <FilterSelect
        label={t("filters.vendor")}
        allLabel={t("filters.allVendors")}
        value={filters.vendorId}
        options={(vendors.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
        onChange={(vendorId) => set({ vendorId: Number(vendorId) || undefined })}
      />
      <TextField
        label={t("filters.from")}
        type="date"
        value={filters.from ?? ""}
        onChange={(event) => set({ from: event.target.value || undefined })}
      />
      <TextField
        label={t("filters.to")}
        type="date"
        value={filters.to ?? ""}
        onChange={(event) => set({ to: event.target.value || undefined })}
      />
      <TextField
        label={t("filters.minAmount")}
        inputMode="decimal"
        dir="ltr"
        defaultValue={filters.minAmount ?? ""}
        onChange={(event) => set({ minAmount: amount(event.target.value) })}
      />
      <TextField
        label={t("filters.maxAmount")}
        inputMode="decimal"
        dir="ltr"
        defaultValue={filters.maxAmount ?? ""}
        onChange={(event) => set({ maxAmount: amount(event.target.value) })}
      />
    </div>
  );
}
