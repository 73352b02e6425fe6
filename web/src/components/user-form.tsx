/**
 * The form of a person's account: first and last name, email, then what the caller adds (password,
 * role, vendor details), Cancel and submit. Used to add a user, edit a user and edit one's own
 * profile, labelled alike from the app-wide "person" strings. Validation is the caller's resolver (the
 * shared zod schema), its English messages shown in the interface language (useValidationText);
 * `onSave` gets the valid values.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FieldErrors, FieldValues, Path, UseFormReturn } from "react-hook-form";
import { FormActions } from "./form-actions.tsx";
import { TextField } from "./form-field.tsx";
import { useValidationText } from "../hooks/use-validation-text.ts";

type Person = { firstName: string; lastName: string; email: string };

export function UserForm<T extends FieldValues & Person>(
  { form, onSave, personal = false, intro, children, submitLabel, canSubmit = true, onCancel }: {
    form: UseFormReturn<T>;
    onSave: (values: T) => void;
    /** One's own account: the browser may fill it in (autocomplete); someone else's: it may not. */
    personal?: boolean;
    intro?: ReactNode;
    children?: ReactNode;
    submitLabel: string;
    canSubmit?: boolean;
    onCancel: () => void;
  },
) {
  const { t } = useTranslation();
  const message = useValidationText();
  const errors = form.formState.errors as FieldErrors<Person>;
  const field = (name: keyof Person) => form.register(name as Path<T>);
  return (
    <form
      onSubmit={form.handleSubmit(onSave)}
      className="flex flex-col gap-3"
      noValidate
    >
      {intro}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("person.firstName")}
          error={message(errors.firstName?.message)}
          {...field("firstName")}
          autoComplete={personal ? "given-name" : "off"}
        />
        <TextField
          label={t("person.lastName")}
          error={message(errors.lastName?.message)}
          {...field("lastName")}
          autoComplete={personal ? "family-name" : "off"}
        />
      </div>
      <TextField
        label={t("person.email")}
        error={message(errors.email?.message)}
        {...field("email")}
        type="email"
        autoComplete={personal ? "email" : "off"}
        dir="ltr"
      />
      {children}
      <FormActions label={submitLabel} disabled={!canSubmit} onCancel={onCancel} />
    </form>
  );
}
