/** Organisation profile: who buys, printed on every purchase order. */
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  MAX_LOGO_BYTES,
  ORGANISATION_LIMITS,
  ORGANISATION_MESSAGES,
  type OrganisationProfile,
  type OrganisationProfileInput,
  organisationProfileSchema,
} from "../../../../../src/shared/schemas/organisation.ts";
import { DATE_MESSAGES, DEFAULT_TIME_ZONE, setOrganisationTimeZone } from "../../../../../src/shared/schemas/common.ts";
import { FormField, TextField } from "../../../components/form-field.tsx";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { useCan } from "../../../lib/authorization.tsx";
import { errorDescription, toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { zodFormResolver } from "../../../lib/zod-form-resolver.ts";
import { useOrganisation } from "../api/get-organisation.ts";
import { useSaveOrganisation } from "../api/save-organisation.ts";
import { useUploadOrganisationLogo } from "../api/upload-organisation-logo.ts";
import { useDeleteOrganisationLogo } from "../api/delete-organisation-logo.ts";

type Values = Required<OrganisationProfileInput>;

const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
const TIME_ZONES: string[] = intl.supportedValuesOf?.("timeZone") ?? [DEFAULT_TIME_ZONE];
const CURRENCIES: string[] = intl.supportedValuesOf?.("currency") ?? ["USD", "EUR", "MVR"];

export function OrganisationCard() {
  const { t } = useTranslation("system-settings");
  const profile = useOrganisation();
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm lg:col-span-2" data-testid="organisation-card">
      <div className="card-body gap-4">
        <div>
          <h3 className="card-title">{t("organisation.title")}</h3>
          <p className="text-sm text-base-content/70">{t("organisation.subtitle")}</p>
        </div>
        {profile.isPending ? <Loading /> : profile.isError
          ? (
            <LoadError
              message={errorDescription(profile.error, { fallback: t("organisation.loadFailed") }) ??
                t("organisation.loadFailed")}
              onRetry={() => profile.refetch()}
            />
          )
          : (
            <div className="grid gap-6 lg:grid-cols-[1fr_16rem]">
              <OrganisationForm initial={profile.data} />
              <LogoPanel logo={profile.data.logo} />
            </div>
          )}
      </div>
    </div>
  );
}

function OrganisationForm({ initial }: { initial: OrganisationProfile }) {
  const { t } = useTranslation("system-settings");
  const canEdit = useCan("system_settings.edit");
  const save = useSaveOrganisation();
  const toValues = (p: OrganisationProfile): Values => ({
    legalName: p.legalName,
    address: p.address,
    taxId: p.taxId,
    deliveryAddress: p.deliveryAddress,
    paymentTerms: p.paymentTerms,
    poTerms: p.poTerms,
    currency: p.currency,
    timeZone: p.timeZone,
  });
  const form = useForm<Values>({
    defaultValues: toValues(initial),
    resolver: zodFormResolver<Values>(organisationProfileSchema),
  });
  // After a save the refetched values become the form's baseline; a logo change (same text values)
  // leaves what is being typed alone.
  const baseline = JSON.stringify(toValues(initial));
  useEffect(() => form.reset(toValues(initial)), [baseline]);
  const { errors } = form.formState;
  const translate = (message: string | undefined) => {
    if (!message) return message;
    if (message === ORGANISATION_MESSAGES.legalNameRequired) return t("organisation.legalNameRequired");
    if (message === ORGANISATION_MESSAGES.taxId) return t("organisation.taxIdInvalid");
    if (message === ORGANISATION_MESSAGES.currency) return t("organisation.currencyInvalid");
    if (message === DATE_MESSAGES.timeZone) return t("defaults.timeZoneInvalid");
    const tooLong = /^Must be at most (\d+) characters$/.exec(message);
    if (tooLong) return t("organisation.tooLong", { max: Number(tooLong[1]) });
    return message;
  };
  const onSubmit = form.handleSubmit(
    (values) => {
      if (save.isPending) return;
      save.mutate(values, {
        onSuccess: (saved) => {
          setOrganisationTimeZone(saved.timeZone);
          toast({ variant: "success", title: t("organisation.saved") });
        },
        onError: (error) => toastError(error, t("organisation.saveFailed"), { translate }),
      });
    },
    (invalid) => {
      const first = Object.values(invalid)[0]?.message;
      toast({ variant: "error", title: t("defaults.validationError"), description: translate(first) });
    },
  );
  const area = (name: keyof Values, max: number, rows = 2) => (
    <textarea {...form.register(name)} rows={rows} maxLength={max} className="textarea w-full" />
  );

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate aria-label={t("organisation.title")}>
      <fieldset disabled={!canEdit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("organisation.legalName")}
            error={translate(errors.legalName?.message)}
            {...form.register("legalName")}
            maxLength={ORGANISATION_LIMITS.legalName}
            autoComplete="organization"
          />
          <TextField
            label={t("organisation.taxId")}
            error={translate(errors.taxId?.message)}
            {...form.register("taxId")}
            maxLength={ORGANISATION_LIMITS.taxId}
          />
          <FormField label={t("organisation.address")} error={translate(errors.address?.message)}>
            {area("address", ORGANISATION_LIMITS.address)}
          </FormField>
          <FormField
            label={t("organisation.deliveryAddress")}
            hint={t("organisation.deliveryAddressHint")}
            error={translate(errors.deliveryAddress?.message)}
          >
            {area("deliveryAddress", ORGANISATION_LIMITS.deliveryAddress)}
          </FormField>
          <TextField
            label={t("organisation.paymentTerms")}
            error={translate(errors.paymentTerms?.message)}
            {...form.register("paymentTerms")}
            maxLength={ORGANISATION_LIMITS.paymentTerms}
          />
          <div className="grid grid-cols-2 gap-4">
            <TextField
              label={t("organisation.currency")}
              error={translate(errors.currency?.message)}
              {...form.register("currency", { setValueAs: (v: string) => v.trim().toUpperCase() })}
              list="currency-codes"
              maxLength={3}
              autoComplete="off"
              inputClassName="input w-full uppercase"
            />
            <TextField
              label={t("organisation.timeZone")}
              hint={t("organisation.timeZoneHint")}
              error={translate(errors.timeZone?.message)}
              {...form.register("timeZone")}
              list="organisation-time-zones"
              autoComplete="off"
            />
          </div>
        </div>
        <FormField
          label={t("organisation.poTerms")}
          hint={t("organisation.poTermsHint")}
          error={translate(errors.poTerms?.message)}
        >
          {area("poTerms", ORGANISATION_LIMITS.poTerms, 4)}
        </FormField>
        <datalist id="currency-codes">{CURRENCIES.map((c) => <option key={c} value={c} />)}</datalist>
        <datalist id="organisation-time-zones">{TIME_ZONES.map((z) => <option key={z} value={z} />)}</datalist>
      </fieldset>
      {canEdit && (
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t("defaults.saving") : t("organisation.save")}
          </button>
        </div>
      )}
    </form>
  );
}

function LogoPanel({ logo }: { logo: OrganisationProfile["logo"] }) {
  const { t } = useTranslation("system-settings");
  const canEdit = useCan("system_settings.edit");
  const upload = useUploadOrganisationLogo();
  const remove = useDeleteOrganisationLogo();
  const input = useRef<HTMLInputElement>(null);
  const busy = upload.isPending || remove.isPending;
  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) {
      toast({ variant: "error", title: t("organisation.logoFailed"), description: t("organisation.logoTooLarge") });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast({ variant: "success", title: t("organisation.logoSaved") }),
      onError: (error) => toastError(error, t("organisation.logoFailed")),
      onSettled: () => {
        if (input.current) input.current.value = "";
      },
    });
  };
  return (
    <div className="flex flex-col gap-3">
      <span className="text-sm font-medium" id="organisation-logo-label">{t("organisation.logo")}</span>
      <div className="flex h-28 items-center justify-center rounded-box border border-dashed border-base-300 bg-base-200 p-2">
        {logo
          ? (
            <img
              src={`/api/organisation/logo?v=${logo.fileId}`}
              alt={t("organisation.logoAlt")}
              className="max-h-full max-w-full object-contain"
            />
          )
          : <span className="text-sm text-base-content/60">{t("organisation.noLogo")}</span>}
      </div>
      <p className="text-xs text-base-content/60">{t("organisation.logoHint")}</p>
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          <label className={`btn btn-sm ${busy ? "btn-disabled" : ""}`}>
            {upload.isPending
              ? t("organisation.uploading")
              : logo
              ? t("organisation.replaceLogo")
              : t("organisation.uploadLogo")}
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg"
              className="sr-only"
              aria-labelledby="organisation-logo-label"
              disabled={busy}
              onChange={(e) => onFile(e.target.files?.[0])}
            />
          </label>
          {logo && (
            <button
              type="button"
              className="btn btn-ghost btn-sm text-error"
              disabled={busy}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast({ variant: "success", title: t("organisation.logoRemoved") }),
                  onError: (error) => toastError(error, t("organisation.logoFailed")),
                })}
            >
              {t("organisation.removeLogo")}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
