import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { PasswordField, TextField } from "../../../components/form-field.tsx";
import { type LoginResult, useLogin } from "../api/login.ts";
import { loginErrorMessage } from "./login-error.ts";

export function StandardLoginForm({ onSuccess }: { onSuccess: (result: LoginResult) => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    login.mutate(
      { email: String(data.get("email") ?? "").trim(), password: String(data.get("password") ?? "") },
      { onSuccess },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-base-content/70">{t("auth.standardNote")}</p>
      <TextField label={t("auth.email")} name="email" type="email" autoComplete="username" required />
      <PasswordField label={t("auth.password")} name="password" autoComplete="current-password" required />
      {login.isError && (
        <div role="alert" className="alert alert-error alert-soft">
          {loginErrorMessage(login.error, t, "auth.invalidCredentials")}
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={login.isPending}>
        {login.isPending ? t("auth.signingIn") : t("auth.signIn")}
      </button>
    </form>
  );
}
