import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Pager } from "../../../components/pager.tsx";
import { Link } from "wouter";
import { EmptyNote, ListState, ListTable } from "../../../components/list-scaffold.tsx";
import { useFormat } from "../../../lib/format.ts";
import {
  PAGE_SIZE,
  type PurchaseOrderFilters as Filters,
  usePurchaseOrders,
  usePurchaseOrderTotals,
} from "../api/get-purchase-orders.ts";
import { PurchaseOrderFilters } from "./purchase-order-filters.tsx";
import { PurchaseOrderStatusBadge } from "./status-badge.tsx";

/** The register: filters, totals of the filter, one page of orders, pager. */
export function PurchaseOrderRegister() {
  const { t } = useTranslation("purchase-orders");
  const f = useFormat();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(0);
  const list = usePurchaseOrders(filters, page);
  const totals = usePurchaseOrderTotals(filters);
  const pages = Math.ceil((list.data?.total ?? 0) / PAGE_SIZE);
  return (
    <div className="flex flex-col gap-4">
      <section aria-label={t("filters.search")} className="card bg-base-100 shadow-sm">
        <div className="card-body p-4">
          <PurchaseOrderFilters
            filters={filters}
            onChange={(next) => {
              setFilters(next);
              setPage(0);
            }}
          />
        </div>
      </section>
      <div className="flex flex-wrap gap-4" role="status" aria-live="polite">
        {totals.data && (
          <>
            <span className="badge badge-lg badge-outline">{t("totals.count", { count: totals.data.count })}</span>
            {totals.data.totals.map((x) => (
              <span key={x.currency} className="badge badge-lg badge-primary badge-soft">
                {t("totals.sum", { currency: x.currency })}: <span dir="ltr">{f.money(x.amount, x.currency)}</span>
              </span>
            ))}
          </>
        )}
      </div>
      <ListState
        query={list}
        loadError={t("loadError")}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyNote dashed>{t("empty")}</EmptyNote>}
      >
        {(data) => (
          <ListTable
            framed
            caption={t("table.caption")}
            columns={[
              t("table.poNumber"),
              t("table.vendor"),
              t("table.request"),
              { label: t("table.amount"), end: true },
              t("table.status"),
              t("table.issued"),
              t("table.delivery"),
            ]}
          >
            {data.items.map((po) => (
              <tr key={po.id} className="hover:bg-base-200">
                <td>
                  <Link
                    href={`/purchase-orders/${po.id}`}
                    className="link link-primary font-mono whitespace-nowrap"
                    dir="ltr"
                  >
                    {po.poNumber}
                  </Link>
                </td>
                <td dir="auto">{po.vendorName}</td>
                <td>
                  <span className="block max-w-xs truncate" dir="auto">{po.requestTitle}</span>
                  <span className="font-mono text-xs text-base-content/70" dir="ltr">{po.requestNumber}</span>
                </td>
                <td className="text-end whitespace-nowrap" dir="ltr">{f.money(po.totalAmount, po.currency)}</td>
                <td>
                  <PurchaseOrderStatusBadge status={po.status} />
                </td>
                <td className="whitespace-nowrap">{f.date(po.createdAt)}</td>
                <td className="whitespace-nowrap">
                  {po.requestedDeliveryDate ? f.date(po.requestedDeliveryDate, { utc: true }) : "—"}
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </ListState>
      <Pager
        label={t("pager.label")}
        page={page}
        hasNext={page + 1 < pages}
        onPage={setPage}
        position={t("pager.position", { page: page + 1, pages })}
        centered
      />
    </div>
  );
}
