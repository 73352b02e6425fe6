import { useTranslation } from "react-i18next";
import type { VendorApplicationStatus } from "../api/get-vendor-applications.ts";
import { Pager } from "./pager.tsx";
import { usePagedApplications } from "./use-paged-applications.ts";
import { VendorApplicationCard } from "./vendor-application-card.tsx";
import { EmptyNote, ListState } from "../../../components/list-scaffold.tsx";

export function VendorApplicationList({ status }: { status: VendorApplicationStatus }) {
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
          <ul className="flex flex-col gap-4">
            {data.map((application) => (
              <li key={application.id}>
                <VendorApplicationCard application={application} />
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} hasNext={hasNext} onPage={setPage} />
        </div>
      )}
    </ListState>
  );
}
