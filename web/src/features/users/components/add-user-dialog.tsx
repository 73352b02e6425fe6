import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { createUserSchema } from "../../../../../src/shared/schemas/users.ts";
import { PasswordField, SelectField } from "../../../components/form-field.tsx";
import { UserForm } from "../../../components/user-form.tsx";
import { mutationToasts } from "../../../lib/mutation-toasts.ts";
import { zodFormResolver } from "../../../lib/zod-form-resolver.ts";
import { useCreateUser } from "../api/create-user.ts";
import { useRoles } from "../api/get-roles.ts";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { useRoleLabel } from "../../../components/role-badge.tsx";
import { useValidationText } from "../../../hooks/use-validation-text.ts";

type Values = { firstName: string; lastName: string; email: string; password: string; roleId: string };
const EMPTY: Values = { firstName: "", lastName: "", email: "", password: "", roleId: "" };

export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("users");
  return (
    <ModalDialog open={open} title={t("add.title")} onClose={onClose}>
      <AddUserForm onDone={onClose} />
    </ModalDialog>
  );
}

function AddUserForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("users");
  const saved = mutationToasts(t("toast.successTitle"), t("toast.errorTitle"));
  const roleLabel = useRoleLabel();
  const message = useValidationText();
  const roles = useRoles();
  const create = useCreateUser();
  const form = useForm<Values>({ defaultValues: EMPTY, resolver: zodFormResolver<Values>(createUserSchema) });
  const { errors } = form.formState;
  const values = form.watch();
  // Spec section 5: create only once every field is filled; the button stays disabled until then.
  const complete = !!(values.firstName.trim() && values.lastName.trim() && values.email.trim() && values.password &&
    values.roleId);
  // Vendors register themselves (the server refuses the vendor role here).
  const staffRoles = (roles.data ?? []).filter((role) => role.name !== "vendor");

  const save = (data: Values) => {
    create.mutate({ ...data, roleId: Number(data.roleId) }, saved(t("toast.created"), t("toast.createFailed"), onDone));
  };

  return (
    <UserForm
      form={form}
      onSave={save}
      intro={<p className="text-sm text-base-content/70">{t("add.description")}</p>}
      submitLabel={create.isPending ? t("add.creating") : t("add.submit")}
      canSubmit={complete && !create.isPending}
      onCancel={onDone}
    >
      <PasswordField
        label={t("fields.password")}
        hint={t("add.passwordHint")}
        error={message(errors.password?.message)}
        {...form.register("password")}
      />
      <SelectField
        label={t("fields.role")}
        error={message(errors.roleId?.message)}
        {...form.register("roleId")}
        disabled={roles.isPending}
      >
        <option value="" disabled>{roles.isPending ? t("translation:common.loading") : t("add.selectRole")}</option>
        {staffRoles.map((role) => <option key={role.id} value={role.id}>{roleLabel(role)}</option>)}
      </SelectField>
      {roles.isError && <p role="alert" className="text-sm text-error">{t("rolesError")}</p>}
    </UserForm>
  );
}
