import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  DEADLINE_RANGE,
  MAX_DEADLINE_DAYS,
  MAX_REMINDER_HOURS,
  MIN_DEADLINE_DAYS,
  MIN_REMINDER_HOURS,
  REMINDER_RANGE,
  type SystemSettingsInput,
  systemSettingsSchema,
  THRESHOLD_INVALID,
} from "../../../../../src/shared/schemas/system-settings.ts";
import { DATE_MESSAGES, DEFAULT_TIME_ZONE, setOrganisationTimeZone } from "../../../../../src/shared/schemas/common.ts";
import { TextField } from "../../../components/form-field.tsx";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { useCan } from "../../../lib/authorization.tsx";
import { errorDescription, toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { zodFormResolver } from "../../../lib/zod-form-resolver.ts";
import { useSystemSettings } from "../api/get-system-settings.ts";
import { useSaveSystemSettings } from "../api/save-system-settings.ts";

type Values = SystemSettingsInput;

/** The IANA zones this browser knows (the server checks the value too). */
const TIME_ZONES: string[] =
  (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ??
    [DEFAULT_TIME_ZONE];

/** Purchase Request Defaults: deadline days, reminder hours, vendor matching, approval threshold. */
export function DefaultsCard() {
  const { t } = useTranslation("system-settings");
  const settings = useSystemSettings();
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h3 className="card-title">{t("defaults.title")}</h3>
        {settings.isPending ? <Loading /> : settings.isError
          ? (
            <LoadError
              message={errorDescription(settings.error, { fallback: t("defaults.loadFailed") }) ??
                t("defaults.loadFailed")}
              onRetry={() => settings.refetch()}
            />
          )
          : <DefaultsForm initial={settings.data} />}
      </div>
    </div>
  );
}

function DefaultsForm({ initial }: { initial: Values }) {
  const { t } = useTranslation("system-settings");
  const canEdit = useCan("system_settings.edit");
  const save = useSaveSystemSettings();
  const toValues = (v: Values): Values => ({
    defaultDeadline: v.defaultDeadline,
    autoReminder: v.autoReminder,
    enableVendorMatching: v.enableVendorMatching,
    approvalThreshold: v.approvalThreshold,
    timeZone: v.timeZone ?? DEFAULT_TIME_ZONE,
  });
  const form = useForm<Values>({
    defaultValues: toValues(initial),
    resolver: zodFormResolver<Values>(systemSettingsSchema),
  });
  // After a save the refetched values become the form's new baseline.
  useEffect(() => form.reset(toValues(initial)), [initial]);
  const { errors } = form.formState;
  // The schema's English messages, in the user's language (same rules and wording as the server).
  const translate = (message: string | undefined) =>
    message === DEADLINE_RANGE
      ? t("defaults.deadlineRange")
      : message === REMINDER_RANGE
      ? t("defaults.reminderRange")
      : message === THRESHOLD_INVALID
      ? t("defaults.thresholdInvalid")
      : message === DATE_MESSAGES.timeZone
      ? t("defaults.timeZoneInvalid")
      : message;

  const onSubmit = form.handleSubmit(
    (values) => {
      if (save.isPending) return;
      save.mutate(values, {
        onSuccess: () => {
          // This tab's date inputs and checks use the new zone at once.
          setOrganisationTimeZone(values.timeZone);
          toast({ variant: "success", title: t("defaults.saved"), description: t("defaults.savedDescription") });
        },
        onError: (error) => toastError(error, t("defaults.saveFailed"), { translate }),
      });
    },
    (invalid) => {
      const first = Object.values(invalid)[0]?.message;
      toast({ variant: "error", title: t("defaults.validationError"), description: translate(first) });
    },
  );

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <fieldset disabled={!canEdit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("defaults.deadline")}
            error={translate(errors.defaultDeadline?.message)}
            {...form.register("defaultDeadline", { valueAsNumber: true })}
            type="number"
            min={MIN_DEADLINE_DAYS}
            max={MAX_DEADLINE_DAYS}
          />
          <TextField
            label={t("defaults.reminder")}
            error={translate(errors.autoReminder?.message)}
            {...form.register("autoReminder", { valueAsNumber: true })}
            type="number"
            min={MIN_REMINDER_HOURS}
            max={MAX_REMINDER_HOURS}
          />
        </div>
        <TextField
          label={t("defaults.threshold")}
          hint={t("defaults.thresholdHint")}
          error={translate(errors.approvalThreshold?.message)}
          {...form.register("approvalThreshold")}
          inputMode="decimal"
        />
        <TextField
          label={t("defaults.timeZone")}
          hint={t("defaults.timeZoneHint")}
          error={translate(errors.timeZone?.message)}
          {...form.register("timeZone")}
          list="time-zones"
          autoComplete="off"
        />
        <datalist id="time-zones">
          {TIME_ZONES.map((zone) => <option key={zone} value={zone} />)}
        </datalist>
        <Controller
          control={form.control}
          name="enableVendorMatching"
          render={({ field }) => (
            <label className="flex cursor-pointer items-start gap-3">
              <input
                type="checkbox"
                role="switch"
                className="toggle toggle-primary mt-0.5"
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
              />
              <span>
                <span className="block font-medium">{t("defaults.vendorMatching")}</span>
                <span className="block text-sm text-base-content/70">{t("defaults.vendorMatchingHint")}</span>
              </span>
            </label>
          )}
        />
      </fieldset>
      {canEdit && (
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? t("defaults.saving") : t("defaults.save")}
          </button>
        </div>
      )}
    </form>
  );
}
