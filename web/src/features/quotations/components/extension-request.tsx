import { useTranslation } from "react-i18next";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { useRequestExtension } from "../api/request-extension.ts";
import { EXTENSION_WINDOW_DAYS } from "../../../../../src/shared/schemas/bids.ts";
import { ActionButton } from "../../../components/action-button.tsx";

/**
 * Beside the Award button: an expired quotation cannot be awarded, one that expires within a week
 * soon cannot; both offer Ask to extend (or say that it was asked). Nothing otherwise.
 * docs/decisions/023.
 */
export function ExtensionRequest({ quotation, vendorName }: {
  quotation: { id: number; expired: boolean; validUntil: string; extensionRequestedAt?: string | null };
  vendorName: string;
}) {
  const { t } = useTranslation("quotations");
  const ask = useRequestExtension();
  const soon = Date.parse(quotation.validUntil) - Date.now() < EXTENSION_WINDOW_DAYS * 86_400_000;
  if (!quotation.expired && !soon) return null;
  return (
    <div className="flex flex-col items-start gap-1">
      <span className={`text-xs ${quotation.expired ? "text-error" : "text-base-content/80"}`}>
        {quotation.expired ? t("card.expiredCannotAward") : t("card.expiresSoon")}
      </span>
      {quotation.extensionRequestedAt
        ? <span className="text-xs text-base-content/70">{t("card.extensionRequested")}</span>
        : (
          <ActionButton
            label={t("actions.askExtension")}
            className="btn btn-xs btn-outline"
            name={t("actions.askExtensionOf", { vendor: vendorName })}
            disabled={ask.isPending}
            onClick={() =>
              ask.mutate(quotation.id, {
                onSuccess: () => toast({ variant: "success", title: t("card.extensionAsked") }),
                onError: (error) => toastError(error, t("card.extensionFailed")),
              })}
          />
        )}
    </div>
  );
}
