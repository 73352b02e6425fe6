/** Profile (spec section 2): own account details, edit, password, logout, role capabilities. */
import { type ComponentType, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { isRoleName } from "../../../../../src/shared/roles.ts";
import { userDisplayName } from "../../../hooks/use-current-user.ts";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { formatDateTime } from "../../../lib/format.ts";
import { RoleBadge } from "../../../components/role-badge.tsx";
import { useProfile } from "../../../hooks/use-profile.ts";
import { ChangePasswordDialog, type ChangePasswordFormComponent } from "./change-password-dialog.tsx";
import { EditProfileDialog } from "./edit-profile-dialog.tsx";
import { EmailLanguageCard } from "./email-language-card.tsx";
import { LogoutDialog } from "./logout-dialog.tsx";
import { RoleCapabilities } from "./role-capabilities.tsx";

type Dialog = "edit" | "password" | "logout" | null;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/**
 * The vendor's category subscriptions and the password form belong to other features (subscriptions,
 * password-change); the app hands them in: web/src/app/sections/profile.tsx.
 */
export default function ProfileSection({ SubscriptionsPanel, ChangePasswordForm }: {
  SubscriptionsPanel: ComponentType;
  ChangePasswordForm: ChangePasswordFormComponent;
}) {
  const { t, i18n } = useTranslation("profile");
  const profile = useProfile();
  const [dialog, setDialog] = useState<Dialog>(null);

  if (profile.isPending) {
    return <Loading />;
  }
  if (profile.isError) {
    return <LoadError message={t("loadError")} onRetry={() => void profile.refetch()} />;
  }

  const user = profile.data;
  const role = isRoleName(user.role.name) ? user.role.name : null;
  const isVendor = role === "vendor";
  const close = () => setDialog(null);

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="profile-title" className="card bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id="profile-title" className="card-title text-xl">{t("title")}</h2>
              <p className="text-base-content/70">{t("description")}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog("edit")}>
                {t("editProfile")}
              </button>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setDialog("password")}>
                {t("changePassword.button")}
              </button>
              <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setDialog("logout")}>
                {t("translation:auth.logout")}
              </button>
            </div>
          </div>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label={t("details.userId")}>{user.id}</Detail>
            <Detail label={t("details.displayName")}>
              {userDisplayName(user) ?? t("translation:dashboard.defaultUserName")}
            </Detail>
            <Detail label={t("details.fullName")}>{`${user.firstName} ${user.lastName}`.trim() || "—"}</Detail>
            <Detail label={t("details.email")}>
              <span dir="ltr">{user.email}</span>
            </Detail>
            <Detail label={t("details.role")}>
              <RoleBadge role={user.role} />
            </Detail>
            <Detail label={t("details.status")}>
              <span className={`badge badge-soft ${user.isActive ? "badge-success" : "badge-neutral"}`}>
                {user.isActive ? t("status.active") : t("status.inactive")}
              </span>
            </Detail>
            <Detail label={t("details.lastLogin")}>
              {user.lastLoginAt ? formatDateTime(user.lastLoginAt, i18n.language) : t("never")}
            </Detail>
            <Detail label={t("details.twoFactor")}>
              {user.totpEnabled ? t("twoFactor.on") : t("twoFactor.off")}
            </Detail>
            {isVendor && (
              <>
                <Detail label={t("fields.companyName")}>{user.companyName || "—"}</Detail>
                <Detail label={t("fields.contactPerson")}>{user.contactPerson || "—"}</Detail>
                <Detail label={t("fields.phone")}>
                  <span dir="ltr">{user.phone || "—"}</span>
                </Detail>
              </>
            )}
          </dl>
        </div>
      </section>
      <EmailLanguageCard />
      {role && <RoleCapabilities role={role} />}
      {isVendor && <SubscriptionsPanel />}
      <EditProfileDialog profile={user} open={dialog === "edit"} onClose={close} />
      <ChangePasswordDialog
        userId={user.id}
        open={dialog === "password"}
        onClose={close}
        Form={ChangePasswordForm}
      />
      <LogoutDialog open={dialog === "logout"} onClose={close} />
    </div>
  );
}
