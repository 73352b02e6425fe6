import { useTranslation } from "react-i18next";

/** First focusable element of every page: jumps over the header to the main landmark. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 btn btn-sm"
    >
      {t("common.skipToContent")}
    </a>
  );
}
