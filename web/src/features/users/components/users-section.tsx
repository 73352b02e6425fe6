/** User Management (spec section 2): the accounts table with its dialogs, for administrators. */
import { lazy, Suspense, useDeferredValue, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Pager } from "../../../components/pager.tsx";
import { EmptyNote, ListCard, ListState, ListTable } from "../../../components/list-scaffold.tsx";
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

  return (
    <ListCard
      titleId="users-title"
      title={t("title")}
      description={t("description")}
      actions={canCreate && (
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          {t("addUser")}
        </button>
      )}
      after={
        <Suspense>
          {adding && <AddUserDialog open onClose={() => setAdding(false)} />}
          {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
          {resetting && <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />}
        </Suspense>
      }
    >
      {/* Until the deferred rows arrive, the list is still loading. */}
      <ListState
        query={{
          isPending: users.isPending || (!users.isError && !items),
          isError: users.isError,
          data: items,
          refetch: users.refetch,
        }}
        loadError={t("loadError")}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyNote>{t("empty")}</EmptyNote>}
      >
        {(rows) => (
          <ListTable
            caption={t("table.caption")}
            columns={[t("table.user"), t("table.role"), t("table.status"), t("table.lastLogin"), t("table.actions")]}
          >
            {rows.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                roles={roles.data ?? []}
                isMe={String(user.id) === String(me?.id)}
                onEdit={setEditing}
                onResetPassword={setResetting}
              />
            ))}
          </ListTable>
        )}
      </ListState>
      {total > PAGE_SIZE && (
        <Pager
          label={t("pagination.label")}
          page={page}
          hasNext={page + 1 < pages}
          onPage={setPage}
          summary={t("pagination.page", { page: page + 1, pages, total })}
        />
      )}
    </ListCard>
  );
}
