import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { EXTEND_VALIDITY_RANGE, extendValiditySchema } from "../../../../../src/shared/schemas/bids.ts";
import { useExtendValidity } from "../api/extend-validity.ts";

/**
 * An expired quotation (or one the buyer asked about) can be kept valid for more days from today,
 * its prices unchanged; an expired one cannot be awarded (docs/decisions/023).
 */
export function ExtendValidity({ id, requested }: { id: number; requested: boolean }) {
  const { t } = useTranslation("opportunities");
  const extend = useExtendValidity();
  const [days, setDays] = useState("30");
  const [error, setError] = useState<string>();
  const inputId = useId();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The server's own rule (1 to 365 whole days), checked here first.
    const parsed = extendValiditySchema.safeParse({ validityDays: Number(days) });
    if (!parsed.success) return setError(t("my.extendRange"));
    setError(undefined);
    const { validityDays } = parsed.data;
    extend.mutate({ id, validityDays }, {
      onSuccess: () => toast({ variant: "success", title: t("my.extended", { days: validityDays }) }),
      onError: (e) =>
        toastError(e, t("my.extendFailed"), {
          translate: (m) => m === EXTEND_VALIDITY_RANGE ? t("my.extendRange") : m,
        }),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 rounded-box bg-base-200 p-3 text-sm">
      <p>{requested ? t("my.extensionRequested") : t("my.expiredNote")}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-xs font-medium">{t("my.extendDays")}</label>
          <input
            id={inputId}
            type="number"
            min={1}
            max={365}
            className="input input-sm w-28"
            value={days}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setDays(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-sm btn-primary" disabled={extend.isPending}>{t("my.extend")}</button>
      </div>
      {error && <p className="text-error">{error}</p>}
    </form>
  );
}
