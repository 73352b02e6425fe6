import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { PasswordField, TextField } from "../../../components/form-field.tsx";
import { useAdminLogin } from "../api/admin-login.ts";
import type { LoginResult } from "../api/login.ts";
import { DemoAccounts } from "./demo-accounts.tsx";
import { loginErrorMessage } from "./login-error.ts";

export function AdminLoginForm({ onSuccess }: { onSuccess: (result: LoginResult) => void }) {
  const { t } = useTranslation();
  const login = useAdminLogin();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    login.mutate(
      { username: String(data.get("username") ?? "").trim(), password: String(data.get("password") ?? "") },
      { onSuccess },
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField label={t("auth.username")} name="username" type="text" autoComplete="username" required />
        <PasswordField label={t("auth.password")} name="password" autoComplete="current-password" required />
        {login.isError && (
          <div role="alert" className="alert alert-error alert-soft">
            {loginErrorMessage(login.error, t, "auth.invalidAdminCredentials")}
          </div>
        )}
        <button type="submit" className="btn btn-primary" disabled={login.isPending}>
          {login.isPending ? t("auth.signingIn") : t("auth.adminSignIn")}
        </button>
      </form>
      <DemoAccounts />
    </div>
  );
}
