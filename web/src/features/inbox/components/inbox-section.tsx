/**
 * The work inbox, every role's first screen: what waits for this user, grouped by kind with each
 * kind's count, each item a link to where it is done. Done by anyone, an item is gone the next time
 * the inbox is read (each time it opens, and after any change made in this tab).
 */
import { useTranslation } from "react-i18next";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { useFormat } from "../../../lib/format.ts";
import { INBOX_COUNT_CAP, INBOX_KINDS } from "../../../../../src/shared/inbox.ts";
import type { InboxItem } from "../../../../../src/shared/schemas/responses/inbox.ts";
import { useInbox } from "../api/get-inbox.ts";
import { InboxEntry } from "./inbox-item.tsx";

/** "99+" once a count reached the cap the server stops counting at. */
export function countText(count: number, number: (n: number) => string): string {
  return count >= INBOX_COUNT_CAP ? `${number(INBOX_COUNT_CAP - 1)}+` : number(count);
}

function Group({ kind, count, items }: { kind: InboxItem["kind"]; count: number; items: InboxItem[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = `inbox-${kind}`;
  return (
    <section aria-labelledby={id} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-2 p-4">
        <h3 id={id} className="flex items-center justify-between gap-2 text-lg font-semibold">
          <span>{t(`inbox.kinds.${kind}`)}</span>
          <span className="badge badge-neutral" data-testid={`inbox-count-${kind}`}>
            {countText(count, f.number)}
          </span>
        </h3>
        <ul className="-mx-3 flex flex-col divide-y divide-base-300">
          {items.map((item) => <InboxEntry key={`${item.kind}-${item.id}`} item={item} />)}
        </ul>
        {count > items.length && (
          <p className="text-sm text-base-content/70">
            {t("inbox.shown", { shown: f.number(items.length), count: countText(count, f.number) })}
          </p>
        )}
      </div>
    </section>
  );
}

export default function InboxSection() {
  const { t } = useTranslation();
  const inbox = useInbox({ fresh: true });
  const data = inbox.data;
  const groups = data ? INBOX_KINDS.filter((kind) => (data.counts[kind] ?? 0) > 0) : [];
  return (
    <section aria-labelledby="inbox-title" className="flex flex-col gap-4">
      <div>
        <h2 id="inbox-title" className="text-2xl font-bold">{t("inbox.title")}</h2>
        <p className="text-base-content/70">{t("inbox.subtitle")}</p>
      </div>
      {inbox.isPending && <Loading />}
      {inbox.isError && <LoadError message={t("inbox.loadError")} onRetry={() => void inbox.refetch()} />}
      {data && groups.length === 0 && (
        <div className="card border border-base-300 bg-base-100" data-testid="inbox-empty">
          <div className="card-body items-center gap-1 p-8 text-center">
            <p className="text-lg font-semibold">{t("inbox.empty")}</p>
            <p className="text-base-content/70">{t("inbox.emptyHint")}</p>
          </div>
        </div>
      )}
      {data && groups.length > 0 && (
        <div className="grid gap-4 xl:grid-cols-2">
          {groups.map((kind) => (
            <Group
              key={kind}
              kind={kind}
              count={data.counts[kind] ?? 0}
              items={data.items.filter((i) => i.kind === kind)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
