import { useId } from "react";
import { useTranslation } from "react-i18next";
import { FilterSelect } from "../../../components/filter-select.tsx";
import {
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderStatus,
} from "../../../../../src/shared/schemas/purchase-orders.ts";
import { type PurchaseOrderFilters as Filters, usePurchaseOrderVendors } from "../api/get-purchase-orders.ts";

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** The register's filters: search, status, vendor, issue dates and amount range. */
export function PurchaseOrderFilters({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const { t } = useTranslation("purchase-orders");
  const id = useId();
  const vendors = usePurchaseOrderVendors();
  const set = (patch: Partial<Filters>) => onChange({ ...filters, ...patch });
  const amount = (value: string) => (AMOUNT.test(value.trim()) ? value.trim() : undefined);
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <label className="flex flex-col gap-1 sm:col-span-2">
        <span className="text-sm font-medium">{t("filters.search")}</span>
        <input
          type="search"
          className="input w-full"
          placeholder={t("filters.searchPlaceholder")}
          defaultValue={filters.search ?? ""}
          maxLength={200}
          onChange={(event) => set({ search: event.target.value.trim() || undefined })}
        />
      </label>
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
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-from`} className="text-sm font-medium">{t("filters.from")}</label>
        <input
          id={`${id}-from`}
          type="date"
          className="input w-full"
          value={filters.from ?? ""}
          onChange={(event) => set({ from: event.target.value || undefined })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-to`} className="text-sm font-medium">{t("filters.to")}</label>
        <input
          id={`${id}-to`}
          type="date"
          className="input w-full"
          value={filters.to ?? ""}
          onChange={(event) => set({ to: event.target.value || undefined })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-min`} className="text-sm font-medium">{t("filters.minAmount")}</label>
        <input
          id={`${id}-min`}
          inputMode="decimal"
          className="input w-full"
          dir="ltr"
          defaultValue={filters.minAmount ?? ""}
          onChange={(event) => set({ minAmount: amount(event.target.value) })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-max`} className="text-sm font-medium">{t("filters.maxAmount")}</label>
        <input
          id={`${id}-max`}
          inputMode="decimal"
          className="input w-full"
          dir="ltr"
          defaultValue={filters.maxAmount ?? ""}
          onChange={(event) => set({ maxAmount: amount(event.target.value) })}
        />
      </div>
    </div>
  );
}
