import { useTranslation } from "react-i18next";
import { TitledCard } from "../../../components/titled-card.tsx";
import { useFormat } from "../../../lib/format.ts";
import type { GoodsReceipt } from "../api/get-purchase-order.ts";

export function PurchaseOrderReceipts({ receipts }: { receipts: GoodsReceipt[] }) {
  const { t } = useTranslation("purchase-orders");
  const f = useFormat();
  return (
    <TitledCard id="po-receipts" title={t("receipts.title")}>
      {receipts.length === 0
        ? <p className="text-base-content/70">{t("receipts.empty")}</p>
        : (
          <ol className="flex flex-col gap-3">
            {receipts.map((r) => (
              <li key={r.id} className="rounded-box border border-base-300 p-3">
                <p className="font-medium">
                  <bdi>{f.dateTime(r.receivedAt)}</bdi>
                  {r.receivedBy && (
                    <span className="ms-2 text-sm font-normal text-base-content/70">
                      <bdi>{t("receipts.receivedBy", { name: r.receivedBy.name })}</bdi>
                    </span>
                  )}
                </p>
                <ul className="mt-1 list-inside list-disc text-sm">
                  {r.lines.map((l) => (
                    <li key={l.quotationItemId}>
                      <bdi dir="auto">{l.name}</bdi>: <bdi dir="ltr">{l.quantity}</bdi>
                      {l.overReceiptReason && (
                        <span className="ms-2 text-warning">
                          <bdi>{t("receipts.overReceipt", { reason: l.overReceiptReason })}</bdi>
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
                {r.notes && <p className="mt-1 whitespace-pre-wrap text-sm" dir="auto">{r.notes}</p>}
                {r.deliveryNote && (
                  <a className="link link-primary text-sm" href={`/api/files/${r.deliveryNote.id}`}>
                    {t("receipts.deliveryNote")}: {r.deliveryNote.filename}
                  </a>
                )}
              </li>
            ))}
          </ol>
        )}
    </TitledCard>
  );
}
