import { useTranslation } from "react-i18next";

/**
 * "Show more (50 of 120)" under a list read a page at a time (an infinite query): the vendor's
 * opportunities and its own quotations both use it.
 */
export function ShowMore({ query, shown }: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
    data?: { pages: { total: number }[] };
  };
  shown: number;
}) {
  const { t } = useTranslation("opportunities");
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm self-center"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {t("my.loadMore", { shown, total: query.data?.pages[0]?.total ?? shown })}
    </button>
  );
}
