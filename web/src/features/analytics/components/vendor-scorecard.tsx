/**
 * One vendor's scorecard in vendor management (staff with reports.view), all time. In the lists it
 * is collapsed and loads when opened, so a page of vendors does not compute every scorecard.
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { Can } from "../../../lib/authorization.tsx";
import { useVendorScorecard } from "../api/get-vendor-scorecard.ts";
import { ScorecardFigures } from "./scorecard.tsx";

function Body({ vendorId }: { vendorId: number }) {
  const { t } = useTranslation("analytics");
  const query = useVendorScorecard(vendorId);
  const card = query.data?.vendors[0];
  if (query.isPending) return <Loading label={t("scorecard.loading")} />;
  if (query.isError) return <LoadError message={t("scorecard.error")} onRetry={() => void query.refetch()} />;
  if (!card) return <p className="text-sm text-base-content/70">{t("scorecard.none")}</p>;
  return <ScorecardFigures card={card} chart={false} />;
}

export function VendorScorecard({ vendorId, collapsed = false }: { vendorId: number; collapsed?: boolean }) {
  const { t } = useTranslation("analytics");
  const [open, setOpen] = useState(false);
  const title = "text-xs uppercase tracking-wide text-base-content/60";
  return (
    <Can permission="reports.view">
      {collapsed
        ? (
          <details
            className="rounded-box border border-base-300 p-3"
            data-testid="vendor-scorecard"
            onToggle={(e) => setOpen(e.currentTarget.open)}
          >
            <summary className={`cursor-pointer ${title}`}>{t("scorecard.title")}</summary>
            {open && (
              <div className="mt-3">
                <Body vendorId={vendorId} />
              </div>
            )}
          </details>
        )
        : (
          <section
            aria-labelledby={`scorecard-${vendorId}`}
            className="flex flex-col gap-2"
            data-testid="vendor-scorecard"
          >
            <h4 id={`scorecard-${vendorId}`} className={title}>{t("scorecard.title")}</h4>
            <Body vendorId={vendorId} />
          </section>
        )}
    </Can>
  );
}
