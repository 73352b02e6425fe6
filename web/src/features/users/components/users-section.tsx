/** User Management (spec section 2): the accounts table with its dialogs, for administrators. */
import { lazy, Suspense, useDeferredValue, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Pager } from "../../../components/pager.tsx";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { useCan } from "../../../lib/authorization.tsx";
import { useCurrentUser } from "../../../hooks/use-current-user.ts";
import { useRoles } from "../api/get-roles.ts";
import { type AdminUser, useUsers } from "../../../hooks/use-users.ts";
import { useRevealedRows } from "../../../hooks/use-revealed-rows.ts";
import { UserRow } from "./user-row.tsx";

// The dialogs (forms, zod schemas, react-hook-form) are not needed to show the table: loaded once
// the browser is idle after it, or when one opens, so opening the section evaluates less.
const importDialogs = () =>
  Promise.all([
    import("./add-user-dialog.tsx"),
    import("./edit-user-dialog.tsx"),
    import("./reset-password-dialog.tsx"),
  ]);
const AddUserDialog = lazy(() => importDialogs().then(([m]) => ({ default: m.AddUserDialog })));
const EditUserDialog = lazy(() => importDialogs().then(([, m]) => ({ default: m.EditUserDialog })));
const ResetPasswordDialog = lazy(() => importDialogs().then(([, , m]) => ({ default: m.ResetPasswordDialog })));

const PAGE_SIZE = 50;

export default function UsersSection() {
  const { t } = useTranslation("users");
  const canCreate = useCan("users.create");
  const { data: me } = useCurrentUser();
  const [page, setPage] = useState(0);
  const users = useUsers({ limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  const roles = useRoles();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // The rows render in a deferred, time-sliced pass: a page of 50 rendered with the data's arrival
  // was one task over 50 ms; the heading and the "loading" state come first.
  // ...and then appear ten per frame, so no frame styles and lays out all 50 at once.
  const items = useRevealedRows(useDeferredValue(users.data?.items), page);
  useEffect(() => {
    if (typeof requestIdleCallback !== "function") return;
    const id = requestIdleCallback(() => void importDialogs(), { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, []);

  let body;
  if (users.isPending) {
    body = <Loading />;
  } else if (users.isError) {
    body = <LoadError message={t("loadError")} onRetry={() => void users.refetch()} />;
  } else if (!items) {
    body = <Loading />;
  } else if (items.length === 0) {
    body = <p className="rounded-box bg-base-200 p-8 text-center text-base-content/70">{t("empty")}</p>;
  } else {
    body = (
      <div className="overflow-x-auto">
        <table className="table">
          <caption className="sr-only">{t("table.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("table.user")}</th>
              <th scope="col">{t("table.role")}</th>
              <th scope="col">{t("table.status")}</th>
              <th scope="col">{t("table.lastLogin")}</th>
              <th scope="col">{t("table.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                roles={roles.data ?? []}
                isMe={String(user.id) === String(me?.id)}
                onEdit={setEditing}
                onResetPassword={setResetting}
              />
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section aria-labelledby="users-title" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="users-title" className="card-title text-xl">{t("title")}</h2>
            <p className="text-base-content/70">{t("description")}</p>
          </div>
          {canCreate && (
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              {t("addUser")}
            </button>
          )}
        </div>
        {body}
        {total > PAGE_SIZE && (
          <Pager
            label={t("pagination.label")}
            page={page}
            hasNext={page + 1 < pages}
            onPage={setPage}
            previous={t("pagination.previous")}
            next={t("pagination.next")}
            summary={t("pagination.page", { page: page + 1, pages, total })}
          />
        )}
      </div>
      <Suspense>
        {adding && <AddUserDialog open onClose={() => setAdding(false)} />}
        {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
        {resetting && <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />}
      </Suspense>
    </section>
  );
}
