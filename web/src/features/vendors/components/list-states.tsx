import { useTranslation } from "react-i18next";

export function ListLoading() {
  const { t } = useTranslation("vendors");
  return (
    <div role="status" className="flex items-center gap-2 py-6 text-base-content/70">
      <span className="loading loading-spinner loading-sm" aria-hidden="true" />
      {t("loading")}
    </div>
  );
}

export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("vendors");
  return (
    <div role="alert" className="alert alert-error alert-soft">
      <span>{t("loadError")}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>{t("translation:common.retry")}</button>
    </div>
  );
}
