/** A document's History section: its entries as sentences, loaded when shown. */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type HistoryDocument, useDocumentHistory } from "../hooks/use-document-history.ts";
import { HistoryList } from "./history-list.tsx";
import { Loading } from "./load-states.tsx";

export function DocumentHistory({ document, id, queryRoot, heading = true }: {
  document: HistoryDocument;
  id: number;
  /** The feature's query key root: its mutations refresh the history with the document. */
  queryRoot: readonly unknown[];
  /** Off inside a tab already named History. */
  heading?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const history = useDocumentHistory(queryRoot, document, id);
  return (
    <section
      aria-labelledby={heading ? headingId : undefined}
      aria-label={heading ? undefined : t("history.title")}
      className="flex flex-col gap-2"
    >
      {heading && <h4 id={headingId} className="font-semibold">{t("history.title")}</h4>}
      {history.isPending && <Loading />}
      {history.isError && <p role="alert" className="text-error">{t("history.loadError")}</p>}
      {history.data && <HistoryList entries={history.data} />}
    </section>
  );
}
