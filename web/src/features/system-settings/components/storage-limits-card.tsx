import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  STORAGE_LIMIT_MESSAGES,
  type StorageLimits,
  storageLimitsSchema,
} from "../../../../../src/shared/schemas/storage-limits.ts";
import { TextField } from "../../../components/form-field.tsx";
import { LoadError, Loading } from "../../../components/load-states.tsx";
import { useCan } from "../../../lib/authorization.tsx";
import { errorDescription, toastError } from "../../../lib/error-toast.ts";
import { useFormat } from "../../../lib/format.ts";
import { toast } from "../../../lib/toast.tsx";
import { zodFormResolver } from "../../../lib/zod-form-resolver.ts";
import { type StorageLimitsAnswer, useSaveStorageLimits, useStorageLimits } from "../api/storage-limits.ts";

const FIELDS = ["accountQuotaMb", "totalQuotaMb", "registrationDailyMb", "rejectedRetentionDays"] as const;

/** Storage limits: upload quotas per account and in total, the daily cap of applications' licences, retention. */
export function StorageLimitsCard() {
  const { t } = useTranslation("system-settings");
  const limits = useStorageLimits();
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm" data-testid="storage-limits-card">
      <div className="card-body gap-4">
        <h3 className="card-title">{t("storage.title")}</h3>
        <p className="text-sm text-base-content/70">{t("storage.description")}</p>
        {limits.isPending ? <Loading /> : limits.isError
          ? (
            <LoadError
              message={errorDescription(limits.error, { fallback: t("storage.loadFailed") }) ?? t("storage.loadFailed")}
              onRetry={() => limits.refetch()}
            />
          )
          : <StorageLimitsForm initial={limits.data} />}
      </div>
    </div>
  );
}

function StorageLimitsForm({ initial }: { initial: StorageLimitsAnswer }) {
  const { t } = useTranslation("system-settings");
  const format = useFormat();
  const canEdit = useCan("system_settings.edit");
  const save = useSaveStorageLimits();
  const toValues = (v: StorageLimitsAnswer): StorageLimits => ({
    accountQuotaMb: v.accountQuotaMb,
    totalQuotaMb: v.totalQuotaMb,
    registrationDailyMb: v.registrationDailyMb,
    rejectedRetentionDays: v.rejectedRetentionDays,
  });
  const form = useForm<StorageLimits>({
    defaultValues: toValues(initial),
    resolver: zodFormResolver<StorageLimits>(storageLimitsSchema),
  });
  useEffect(() => form.reset(toValues(initial)), [initial]);
  const { errors } = form.formState;
  // The schema's English messages, in the user's language.
  const translate = (message: string | undefined) => {
    const field = FIELDS.find((f) => STORAGE_LIMIT_MESSAGES[f] === message);
    return field ? t(`storage.invalid.${field}`) : message;
  };
  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(values, {
      onSuccess: () => toast({ variant: "success", title: t("storage.saved") }),
      onError: (error) => toastError(error, t("storage.saveFailed"), { translate }),
    });
  });
  const megabytes = (bytes: number) => format.number(bytes / 1048576, 1);
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm" data-testid="storage-usage">
        {t("storage.usage", {
          used: megabytes(initial.usage.totalBytes),
          files: format.number(initial.usage.files),
          total: format.number(initial.totalQuotaMb),
        })}
      </p>
      <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`storage.${field}`)}
            hint={t(`storage.${field}Hint`)}
            error={translate(errors[field]?.message)}
            {...form.register(field, { valueAsNumber: true })}
            type="number"
            min={1}
          />
        ))}
      </fieldset>
      {canEdit && (
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>{t("storage.save")}</button>
        </div>
      )}
    </form>
  );
}
