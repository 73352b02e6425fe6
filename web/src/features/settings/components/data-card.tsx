/** Data export, cache clearing and dashboard reset (spec section 2, Settings), all real actions. */
import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.tsx";
import { currentUserQueryKey } from "../../../hooks/use-current-user.ts";
import { profileQueryOptions } from "../../../hooks/use-profile.ts";
import { toastError } from "../../../lib/error-toast.ts";
import { mutationToasts } from "../../../lib/mutation-toasts.ts";
import { useResetDashboard } from "../api/reset-dashboard.ts";
import { downloadFile } from "../../../lib/save-response.ts";

function Row({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-b border-base-300 py-3 last:border-b-0">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        <p className="text-sm text-base-content/70">{text}</p>
      </div>
      {children}
    </div>
  );
}

export function DataCard({ onCacheCleared }: { onCacheCleared: () => void }) {
  const { t } = useTranslation("settings");
  const saved = mutationToasts(t("toast.successTitle"), t("toast.errorTitle"));
  const queryClient = useQueryClient();
  const resetDashboard = useResetDashboard();

  const exportData = async () => {
    try {
      // Always read fresh from the server: the export is what the server holds, not the cache.
      const profile = await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 });
      const date = new Date().toISOString().slice(0, 10);
      downloadFile(JSON.stringify(profile, null, 2), `my-data-${date}.json`, "application/json");
      toast({ variant: "success", title: t("toast.exportTitle"), description: t("data.exported") });
    } catch (error) {
      toastError(error, t("toast.downloadFailedTitle"), { fallback: t("data.exportFailed"), withReason: true });
    }
  };

  const clearCache = () => {
    // Keep who is signed in: dropping it would briefly show the signed-out routes.
    const user = queryClient.getQueryData(currentUserQueryKey);
    queryClient.clear();
    if (user !== undefined) queryClient.setQueryData(currentUserQueryKey, user);
    onCacheCleared();
    toast({ variant: "success", title: t("toast.cacheClearedTitle"), description: t("data.cacheCleared") });
  };

  const reset = () => {
    if (resetDashboard.isPending) return;
    resetDashboard.mutate(undefined, saved(t("data.dashboardReset"), t("data.resetFailed")));
  };

  return (
    <section aria-labelledby="data-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-0">
        <h3 id="data-title" className="card-title mb-1 text-lg">{t("data.title")}</h3>
        <Row title={t("data.exportTitle")} text={t("data.exportText")}>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void exportData()}>
            {t("data.exportButton")}
          </button>
        </Row>
        <Row title={t("data.cacheTitle")} text={t("data.cacheText")}>
          <button type="button" className="btn btn-outline btn-sm" onClick={clearCache}>
            {t("data.cacheButton")}
          </button>
        </Row>
        <Row title={t("data.resetTitle")} text={t("data.resetText")}>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={reset}
            disabled={resetDashboard.isPending}
          >
            {t("data.resetButton")}
          </button>
        </Row>
      </div>
    </section>
  );
}
