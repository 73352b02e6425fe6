import { type ChangeEvent, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { LanguageOptions } from "../../../components/language-select.tsx";
import { Link } from "wouter";
import {
  BUSINESS_LICENSE_ACCEPT,
  checkBusinessLicense,
  VENDOR_REGISTRATION_FIELDS,
  VENDOR_TEXT_MAX_LENGTH,
  type VendorRegistration,
  type VendorRegistrationField,
  vendorRegistrationSchema,
} from "../../../../../src/shared/schemas/vendor-registration.ts";
import { SelectField, TextField } from "../../../components/form-field.tsx";
import { PublicHeader } from "../../../components/public-header.tsx";
import { SkipLink } from "../../../components/skip-link.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { issueMessage, serverMessage } from "../../../lib/error-toast.ts";
import { isLanguage, isolate } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.tsx";
import { zodFormResolver } from "../../../lib/zod-form-resolver.ts";
import { useRegisterVendor } from "../api/register-vendor.ts";
import { CategoryChecklist } from "./category-checklist.tsx";

const EMPTY: VendorRegistration = {
  firstName: "",
  lastName: "",
  email: "",
  companyName: "",
  contactPerson: "",
  phone: "",
  categoryIds: [],
  language: "en",
};

type TextField = Exclude<VendorRegistrationField, "categoryIds">;

const PERSONAL: { name: TextField; type: string; autoComplete: string }[] = [
  { name: "firstName", type: "text", autoComplete: "given-name" },
  { name: "lastName", type: "text", autoComplete: "family-name" },
  { name: "email", type: "email", autoComplete: "email" },
];
const COMPANY: { name: TextField; type: string; autoComplete: string }[] = [
  { name: "companyName", type: "text", autoComplete: "organization" },
  { name: "contactPerson", type: "text", autoComplete: "name" },
  { name: "phone", type: "tel", autoComplete: "tel" },
];

function isField(value: unknown): value is VendorRegistrationField {
  return typeof value === "string" && (VENDOR_REGISTRATION_FIELDS as string[]).includes(value);
}

export default function VendorRegistrationPage() {
  // The app-wide strings, and this feature's own (the emails' language) loaded with them.
  const { t, i18n } = useTranslation(["translation", "vendor-registration"]);
  const register = useRegisterVendor();
  const [submitted, setSubmitted] = useState(false);
  const [license, setLicense] = useState<File | null>(null);
  const [licenseError, setLicenseError] = useState<string | null>(null);
  const categoriesErrorId = useId();
  const licenseId = useId();
  const form = useForm<VendorRegistration>({
    // The emails' language starts as the language the form is read in.
    defaultValues: { ...EMPTY, language: isLanguage(i18n.language) ? i18n.language : "en" },
    resolver: zodFormResolver<VendorRegistration>(vendorRegistrationSchema),
  });
  const { errors } = form.formState;
  // Errors carry the shared schema's English message; each field has one rule, so show its translation.
  const errorText = (field: VendorRegistrationField) =>
    errors[field] ? t(`vendorRegistration.errors.${field}`) : undefined;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? checkBusinessLicense(file) : null;
    setLicenseError(problem ? t(`vendorRegistration.licenseErrors.${problem}`) : null);
    setLicense(problem ? null : file);
    if (problem) event.target.value = "";
  };

  const onSubmit = form.handleSubmit((fields) => {
    register.mutate({ fields, businessLicense: license }, {
      onSuccess: () => {
        setSubmitted(true);
        toast({
          variant: "success",
          title: t("vendorRegistration.successToastTitle"),
          description: t("vendorRegistration.successToastDescription"),
        });
      },
      onError: (error) => {
        const server = error instanceof ApiError ? error : undefined;
        for (const issue of server?.issues ?? []) {
          const field = Array.isArray(issue.path) ? issue.path[0] : issue.path;
          if (isField(field)) form.setError(field, { type: "server", message: issueMessage(error, issue) });
        }
        toast({
          variant: "error",
          title: t("vendorRegistration.failureToastTitle"),
          description: [t("vendorRegistration.failureToastDescription"), serverMessage(error)]
            .filter(Boolean).join(" "),
        });
      },
    });
  });

  if (submitted) {
    return (
      <div className="flex min-h-screen flex-col bg-base-200">
        <SkipLink />
        <PublicHeader />
        <main id="main" className="flex flex-1 items-center justify-center p-4">
          <div className="card w-full max-w-lg bg-base-100 shadow-md">
            <div className="card-body items-center text-center">
              <span className="text-5xl text-success" aria-hidden="true">✓</span>
              <h1 className="text-2xl font-bold">{t("vendorRegistration.submittedTitle")}</h1>
              <p className="text-base-content/70">{t("vendorRegistration.submittedDescription")}</p>
              <Link href="/" className="btn btn-primary mt-2">{t("vendorRegistration.returnHome")}</Link>
            </div>
          </div>
        </main>
      </div>
    );
  }

  const textInput = (field: { name: TextField; type: string; autoComplete: string }) => (
    <TextField
      key={field.name}
      label={t(`vendorRegistration.fields.${field.name}`)}
      error={errorText(field.name)}
      type={field.type}
      autoComplete={field.autoComplete}
      maxLength={VENDOR_TEXT_MAX_LENGTH}
      inputClassName={`input w-full ${errors[field.name] ? "input-error" : ""}`}
      {...form.register(field.name)}
    />
  );

  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <SkipLink />
      <PublicHeader />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 p-4">
        <Link href="/" className="btn btn-ghost btn-sm mb-4">
          <span aria-hidden="true" className="rtl:rotate-180">←</span>
          {t("vendorRegistration.backHome")}
        </Link>
        <div className="card bg-base-100 shadow-md">
          <form className="card-body gap-8" onSubmit={onSubmit} noValidate>
            <div>
              <h1 className="text-2xl font-bold">{t("vendorRegistration.title")}</h1>
              <p className="text-base-content/70">{t("vendorRegistration.subtitle")}</p>
            </div>

            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-3 text-lg font-semibold">{t("vendorRegistration.personalSection")}</legend>
              {PERSONAL.map(textInput)}
            </fieldset>

            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-3 text-lg font-semibold">{t("vendorRegistration.companySection")}</legend>
              {COMPANY.map(textInput)}
              <SelectField
                label={t("vendor-registration:language")}
                hint={t("vendor-registration:languageHint")}
                {...form.register("language")}
              >
                <LanguageOptions />
              </SelectField>
            </fieldset>

            <Controller
              control={form.control}
              name="categoryIds"
              render={({ field }) => (
                <CategoryChecklist
                  value={field.value as number[]}
                  onChange={field.onChange}
                  error={errorText("categoryIds")}
                  errorId={categoriesErrorId}
                />
              )}
            />

            <fieldset className="flex flex-col gap-2">
              <legend className="mb-3 text-lg font-semibold">{t("vendorRegistration.licenseSection")}</legend>
              <span id={`${licenseId}-label`} className="text-sm font-medium">
                {t("vendorRegistration.licenseLabel")}
              </span>
              {/* The native file input's own texts cannot be translated, so a label styled as a button stands in. */}
              <div className="flex flex-wrap items-center gap-3">
                <input
                  id={licenseId}
                  type="file"
                  name="businessLicense"
                  accept={BUSINESS_LICENSE_ACCEPT}
                  className="peer sr-only"
                  aria-labelledby={`${licenseId}-label`}
                  aria-describedby={`${licenseId}-hint${licenseError ? ` ${licenseId}-error` : ""}`}
                  aria-invalid={licenseError ? true : undefined}
                  onChange={onFile}
                />
                <label
                  htmlFor={licenseId}
                  className="btn btn-outline btn-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary"
                >
                  {t("vendorRegistration.chooseFile")}
                </label>
                <span className="text-sm" aria-live="polite">
                  {license
                    ? t("vendorRegistration.selectedFile", { name: isolate(license.name) })
                    : t("vendorRegistration.noFileChosen")}
                </span>
              </div>
              <p id={`${licenseId}-hint`} className="text-xs text-base-content/60">
                {t("vendorRegistration.licenseHint")}
              </p>
              {licenseError && <p id={`${licenseId}-error`} className="text-sm text-error">{licenseError}</p>}
            </fieldset>

            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Link href="/" className="btn btn-ghost">{t("vendorRegistration.backHome")}</Link>
              <button type="submit" className="btn btn-primary" disabled={register.isPending}>
                {register.isPending ? t("vendorRegistration.submitting") : t("vendorRegistration.submit")}
              </button>
            </div>
          </form>
        </div>
      </main>
    </div>
  );
}
