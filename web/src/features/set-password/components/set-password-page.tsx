/**
 * /set-password?token=...: where the approval email's one-time link lands. The approved vendor
 * chooses a password, then signs in with the standard login.
 */
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { z } from "zod";
import { PASSWORDS_DO_NOT_MATCH, passwordSchema } from "../../../../../src/shared/schemas/auth.ts";
import { PasswordField } from "../../../components/form-field.tsx";
import { PublicHeader } from "../../../components/public-header.tsx";
import { SkipLink } from "../../../components/skip-link.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { serverMessage as localizedMessage } from "../../../lib/error-toast.ts";
import { zodFormResolver } from "../../../lib/zod-form-resolver.ts";
import { useSetPassword } from "../api/set-password.ts";

const INVALID_LINK = "This link is invalid or has expired";

const formSchema = z.object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });

type Values = z.infer<typeof formSchema>;

export default function SetPasswordPage() {
  const { t } = useTranslation("set-password");
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const mutation = useSetPassword();
  const form = useForm<Values>({
    defaultValues: { password: "", confirmPassword: "" },
    resolver: zodFormResolver<Values>(formSchema),
  });
  const { errors } = form.formState;
  // The shared schema's English messages, shown in the user's language.
  const fieldError = (message: string | undefined) => {
    if (!message) return undefined;
    if (message === PASSWORDS_DO_NOT_MATCH) return t("errors.mismatch");
    if (message === "Password is too long") return t("errors.tooLong");
    return t("errors.tooShort");
  };
  const onSubmit = form.handleSubmit(({ password }) => {
    if (!mutation.isPending) mutation.mutate({ token, password });
  });

  const serverMessage = mutation.error instanceof ApiError ? mutation.error.serverMessage : undefined;
  const linkInvalid = !token || serverMessage === INVALID_LINK;

  let body;
  if (mutation.isSuccess) {
    body = (
      <div className="flex flex-col gap-4 text-center">
        <div role="status" className="alert alert-success alert-soft">{t("success")}</div>
        <Link href="/login" className="btn btn-primary">{t("goToLogin")}</Link>
      </div>
    );
  } else if (linkInvalid) {
    body = (
      <div className="flex flex-col gap-4 text-center">
        <div role="alert" className="alert alert-error alert-soft">{t("invalidLink")}</div>
        <p className="text-sm text-base-content/70">{t("invalidLinkHint")}</p>
        <Link href="/" className="btn btn-outline">{t("goHome")}</Link>
      </div>
    );
  } else {
    body = (
      <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        <PasswordField
          label={t("fields.password")}
          hint={t("fields.passwordHint")}
          error={fieldError(errors.password?.message)}
          {...form.register("password")}
        />
        <PasswordField
          label={t("fields.confirmPassword")}
          error={fieldError(errors.confirmPassword?.message)}
          {...form.register("confirmPassword")}
        />
        {mutation.isError && (
          <div role="alert" className="alert alert-error alert-soft" dir="auto">
            {localizedMessage(mutation.error) ?? t("failed")}
          </div>
        )}
        <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
          {mutation.isPending ? t("saving") : t("submit")}
        </button>
      </form>
    );
  }

  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <SkipLink />
      <PublicHeader />
      <main id="main" className="flex flex-1 items-start justify-center p-4 sm:items-center">
        <div className="card w-full max-w-md bg-base-100 shadow-md">
          <div className="card-body gap-4">
            <div className="text-center">
              <h1 className="text-2xl font-bold">{t("title")}</h1>
              {!mutation.isSuccess && !linkInvalid && <p className="text-base-content/70">{t("intro")}</p>}
            </div>
            {body}
          </div>
        </div>
      </main>
    </div>
  );
}
