import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { VendorApplication, VendorApplicationStatus } from "../api/get-vendor-applications.ts";
import { Pager } from "./pager.tsx";
import { usePagedApplications } from "./use-paged-applications.ts";
import { VendorApplicationCard } from "./vendor-application-card.tsx";
import { EmptyNote, ListState } from "../../../components/list-scaffold.tsx";

/**
 * The applications of one status a page at a time, with their loading, error and empty states;
 * `children` draws one application inside its list item.
 */
export function ApplicationPages({ status, listClassName, itemClassName, children }: {
  status: VendorApplicationStatus;
  listClassName: string;
  itemClassName?: string;
  children: (application: VendorApplication) => ReactNode;
}) {
  const { t } = useTranslation("vendors");
  const { applications, page, pages, hasNext, setPage } = usePagedApplications(status);
  return (
    <ListState
      query={applications}
      loadingLabel={t("loading")}
      loadError={t("loadError")}
      isEmpty={(data) => data.length === 0 && page === 0}
      empty={<EmptyNote>{t(`empty.${status}`)}</EmptyNote>}
    >
      {(data) => (
        <div className="flex flex-col gap-4" aria-busy={applications.isFetching}>
          <ul className={listClassName}>
            {data.map((application) => <li key={application.id} className={itemClassName}>{children(application)}</li>)}
          </ul>
          <Pager page={page} pages={pages} hasNext={hasNext} onPage={setPage} />
        </div>
      )}
    </ListState>
  );
}

export function VendorApplicationList({ status }: { status: VendorApplicationStatus }) {
  return (
    <ApplicationPages status={status} listClassName="flex flex-col gap-4">
      {(application) => <VendorApplicationCard application={application} />}
    </ApplicationPages>
  );
}
