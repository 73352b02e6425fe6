import { useTranslation } from "react-i18next";
import { Pager as ListPager } from "../../../components/pager.tsx";

/** The vendor lists' pager: the page count is known only once the last page is reached. */
export function Pager({ page, pages, hasNext, onPage }: {
  page: number;
  pages: number | undefined;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("vendors");
  return (
    <ListPager
      label={t("pagination.label")}
      page={page}
      hasNext={hasNext}
      onPage={onPage}
      position={pages !== undefined
        ? t("pagination.pageOf", { page: page + 1, pages })
        : t("pagination.page", { page: page + 1 })}
    />
  );
}
