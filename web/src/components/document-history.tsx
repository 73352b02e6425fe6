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
  const body = (
    <>
      {history.isPending && <Loading />}
      {history.isError && <p role="alert" className="text-error">{t("history.loadError")}</p>}
      {history.data && <HistoryList entries={history.data} />}
    </>
  );
  // Inside a card already titled History, the card names the region.
  if (!heading) return <div className="flex flex-col gap-2">{body}</div>;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h4 id={headingId} className="font-semibold">{t("history.title")}</h4>
      {body}
    </section>
  );
}
