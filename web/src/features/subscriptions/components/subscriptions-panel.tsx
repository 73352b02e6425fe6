/**
 * The vendor's category subscriptions (spec section 2): counts, a card per active category with a
 * checkbox, the saved subscriptions, Refresh, and Save Changes only while the selection differs
 * from what is saved. Rendered in the vendor's Profile.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../../components/load-states.tsx";
import { toast } from "../../../lib/toast.tsx";
import { useCategories } from "../../../hooks/use-categories.ts";
import { useVendorSubscriptions } from "../api/get-vendor-subscriptions.ts";
import { useUpdateVendorSubscriptions } from "../api/update-vendor-subscriptions.ts";
import { SubscriptionCategoryCard } from "./subscription-category-card.tsx";
import { SubscriptionCounts } from "./subscription-counts.tsx";

function sameSet(a: readonly number[], b: readonly number[]) {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
}

export function SubscriptionsPanel() {
  const { t } = useTranslation("subscriptions");
  const titleId = useId();
  const categories = useCategories();
  const subscriptions = useVendorSubscriptions();
  const save = useUpdateVendorSubscriptions();
  // null: nothing changed yet, so the selection follows what the server has saved.
  const [draft, setDraft] = useState<number[] | null>(null);

  // Only active categories can be subscribed to (the server refuses inactive ones).
  const active = (categories.data ?? []).filter((c) => c.isActive !== false);
  const activeIds = new Set(active.map((c) => c.id));
  const savedIds = (subscriptions.data ?? []).map((s) => s.categoryId).filter((id) => activeIds.has(id));
  const selected = draft ?? savedIds;
  const dirty = !sameSet(selected, savedIds);
  const saved = active.filter((c) => savedIds.includes(c.id));

  const toggle = (id: number, checked: boolean) =>
    setDraft(checked ? [...selected.filter((v) => v !== id), id] : selected.filter((v) => v !== id));

  const refresh = () => {
    setDraft(null);
    void categories.refetch();
    void subscriptions.refetch();
  };

  const onSave = () => {
    if (save.isPending) return;
    save.mutate(selected, {
      onSuccess: () => {
        setDraft(null);
        toast({ variant: "success", title: t("toast.updatedTitle"), description: t("toast.updatedDescription") });
      },
      // The spec's fixed text (translated) rather than the server's English message.
      onError: () =>
        toast({ variant: "error", title: t("toast.failedTitle"), description: t("toast.failedDescription") }),
    });
  };

  const loading = categories.isPending || subscriptions.isPending;
  const failed = categories.isError || subscriptions.isError;

  let body;
  if (loading) {
    body = <Loading label={t("loading")} />;
  } else if (failed) {
    body = (
      <div role="alert" className="alert alert-error alert-soft">
        <span>{t("loadError")}</span>
        <button type="button" className="btn btn-sm" onClick={refresh}>{t("refresh")}</button>
      </div>
    );
  } else if (active.length === 0) {
    body = (
      <div className="rounded-box bg-base-200 p-6 text-center">
        <p className="font-medium">{t("empty")}</p>
        <p className="text-sm text-base-content/70">{t("emptyHint")}</p>
      </div>
    );
  } else {
    body = (
      <>
        <SubscriptionCounts total={active.length} subscribed={savedIds.length} />
        {dirty && <div role="status" className="alert alert-info alert-soft">{t("unsaved")}</div>}
        <fieldset>
          <legend className="mb-2 font-semibold">{t("chooseCategories")}</legend>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {active.map((category) => (
              <li key={category.id}>
                <SubscriptionCategoryCard
                  category={category}
                  checked={selected.includes(category.id)}
                  disabled={save.isPending}
                  onChange={(checked) => toggle(category.id, checked)}
                />
              </li>
            ))}
          </ul>
        </fieldset>
        <div>
          <h3 className="mb-2 font-semibold">{t("current")}</h3>
          {saved.length === 0
            ? <p className="text-sm text-base-content/70">{t("noneYet")}</p>
            : (
              <ul className="flex flex-wrap gap-2" aria-label={t("current")}>
                {saved.map((c) => <li key={c.id} className="badge badge-primary badge-soft" dir="auto">{c.name}</li>)}
              </ul>
            )}
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={titleId} className="card-title">{t("title")}</h2>
            <p className="text-sm text-base-content/70">{t("description")}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-sm btn-outline"
              onClick={refresh}
              disabled={categories.isFetching || subscriptions.isFetching}
            >
              {t("refresh")}
            </button>
            {dirty && !loading && !failed && (
              <button type="button" className="btn btn-sm btn-primary" onClick={onSave} disabled={save.isPending}>
                {save.isPending ? t("saving") : t("save")}
              </button>
            )}
          </div>
        </div>
        {body}
      </div>
    </section>
  );
}
