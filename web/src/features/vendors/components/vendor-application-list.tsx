import { useTranslation } from "react-i18next";
import type { VendorApplicationStatus } from "../api/get-vendor-applications.ts";
import { Pager } from "./pager.tsx";
import { usePagedApplications } from "./use-paged-applications.ts";
import { VendorApplicationCard } from "./vendor-application-card.tsx";
import { LoadError, Loading } from "../../../components/load-states.tsx";

export function VendorApplicationList({ status }: { status: VendorApplicationStatus }) {
  const { t } = useTranslation("vendors");
  const { applications, page, pages, hasNext, setPage } = usePagedApplications(status);
  if (applications.isPending) return <Loading label={t("loading")} />;
  if (applications.isError) return <LoadError message={t("loadError")} onRetry={() => void applications.refetch()} />;
  if (applications.data.length === 0 && page === 0) {
    return <p className="rounded-box bg-base-200 p-6 text-center text-base-content/70">{t(`empty.${status}`)}</p>;
  }
  return (
    <div className="flex flex-col gap-4" aria-busy={applications.isFetching}>
      <ul className="flex flex-col gap-4">
        {applications.data.map((application) => (
          <li key={application.id}>
            <VendorApplicationCard application={application} />
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} hasNext={hasNext} onPage={setPage} />
    </div>
  );
}
