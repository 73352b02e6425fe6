/** What a screen shows while its data loads, and when loading failed. */
import { useTranslation } from "react-i18next";

/** A spinner; `label` is shown next to it, else "Loading..." is said to screen readers only. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  if (label) {
    return (
      <div role="status" className="flex items-center gap-2 py-6 text-base-content/70">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        {label}
      </div>
    );
  }
  return (
    <div role="status" className="flex justify-center py-8">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{t("common.loading")}</span>
    </div>
  );
}

/** The failure, with Try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between">
      <span>{message}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>{t("common.retry")}</button>
    </div>
  );
}
