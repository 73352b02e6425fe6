import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../../lib/authorization.tsx";
import { mutationToasts } from "../../../lib/mutation-toasts.ts";
import type { Role } from "../api/get-roles.ts";
import type { AdminUser } from "../../../hooks/use-users.ts";
import { useUpdateUserRole } from "../api/update-user-role.ts";
import { useUpdateUserStatus } from "../api/update-user-status.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { RoleBadge, useRoleLabel } from "../../../components/role-badge.tsx";

export function UserRow({ user, roles, isMe, onEdit, onResetPassword }: {
  user: AdminUser;
  roles: Role[];
  isMe: boolean;
  onEdit: (user: AdminUser) => void;
  onResetPassword: (user: AdminUser) => void;
}) {
  const { t, i18n } = useTranslation("users");
  const saved = mutationToasts(t("toast.successTitle"), t("toast.errorTitle"));
  const roleLabel = useRoleLabel();
  const canEdit = useCan("users.edit");
  const canReset = useCan("users.reset_password");
  const [editingRole, setEditingRole] = useState(false);
  const updateRole = useUpdateUserRole();
  const updateStatus = useUpdateUserStatus();
  const name = `${user.firstName} ${user.lastName}`.trim();
  // Vendor accounts cannot move to or from a staff role, so they get no role editor.
  const isVendor = user.role.name === "vendor";
  const staffRoles = roles.filter((role) => role.name !== "vendor");

  const changeRole = (roleId: number) => {
    if (roleId === user.role.id) return setEditingRole(false);
    updateRole.mutate(
      { id: user.id, roleId },
      saved(t("toast.roleUpdated"), t("toast.roleFailed"), () => setEditingRole(false)),
    );
  };
  const toggleStatus = () => {
    if (updateStatus.isPending) return;
    updateStatus.mutate(
      { id: user.id, isActive: !user.isActive },
      saved(t("toast.statusUpdated"), t("toast.statusFailed")),
    );
  };

  return (
    <tr>
      <td>
        <div className="flex flex-col">
          <span className="font-medium">
            {name || user.email}
            {isMe && <span className="badge badge-ghost badge-sm ms-2">{t("table.you")}</span>}
          </span>
          <span className="text-sm text-base-content/70" dir="ltr">{user.email}</span>
        </div>
      </td>
      <td>
        {editingRole
          ? (
            <select
              className="select select-sm w-full min-w-40"
              aria-label={t("table.roleFor", { name: name || user.email })}
              value={user.role.id}
              disabled={updateRole.isPending}
              onChange={(event) => changeRole(Number(event.target.value))}
              autoFocus
            >
              {staffRoles.map((role) => <option key={role.id} value={role.id}>{roleLabel(role)}</option>)}
            </select>
          )
          : <RoleBadge role={user.role} />}
      </td>
      <td>
        <span className={`badge badge-soft ${user.isActive ? "badge-success" : "badge-neutral"}`}>
          {user.isActive ? t("status.active") : t("status.inactive")}
        </span>
      </td>
      <td>
        {user.lastLoginAt ? formatDateTime(user.lastLoginAt, i18n.language) : t("table.never")}
      </td>
      <td>
        {/* Buttons wrap rather than run past the card (Reset Password was cut off at 1366 px). */}
        <div className="flex flex-wrap gap-1">
          {canEdit && (
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => onEdit(user)}>
              {t("actions.edit")}
            </button>
          )}
          {/* Your own role and status are not yours to change (the server refuses it too). */}
          {canEdit && !isVendor && !isMe && (
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              onClick={() => setEditingRole((on) => !on)}
              aria-pressed={editingRole}
            >
              {editingRole ? t("translation:common.cancel") : t("actions.editRole")}
            </button>
          )}
          {canEdit && !isMe && (
            <button
              type="button"
              className={`btn btn-xs ${user.isActive ? "btn-ghost text-error" : "btn-ghost text-success"}`}
              onClick={toggleStatus}
              disabled={updateStatus.isPending}
            >
              {user.isActive ? t("actions.deactivate") : t("actions.activate")}
            </button>
          )}
          {canReset && (
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => onResetPassword(user)}>
              {t("actions.resetPassword")}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
