/** Account security: TOTP two-factor sign-in (RFC 6238) with QR enrolment, recovery codes and password-confirmed disable. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TitledCard } from "../../../components/titled-card.tsx";
import { LoadError } from "../../../components/load-states.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { useTwoFactorStatus } from "../api/get-two-factor-status.ts";
import { type TwoFactorSetup, useSetupTwoFactor } from "../api/setup-two-factor.ts";
import { TwoFactorDisable } from "./two-factor-disable.tsx";
import { TwoFactorEnrol } from "./two-factor-enrol.tsx";

type Mode = { kind: "idle" } | { kind: "enrol"; setup: TwoFactorSetup } | { kind: "disable" };

export function TwoFactorCard() {
  const { t } = useTranslation("settings");
  const status = useTwoFactorStatus();
  const setup = useSetupTwoFactor();
  const [mode, setMode] = useState<Mode>({ kind: "idle" });
  const idle = () => setMode({ kind: "idle" });

  const start = () => {
    setup.mutate(undefined, {
      onSuccess: (result) => setMode({ kind: "enrol", setup: result }),
      onError: (error) =>
        toastError(error, t("toast.errorTitle"), { fallback: t("twoFactor.setupFailed"), withReason: true }),
    });
  };

  let body;
  if (mode.kind === "enrol") {
    body = <TwoFactorEnrol setup={mode.setup} onCancel={idle} onDone={idle} />;
  } else if (status.isPending) {
    body = <span className="loading loading-dots loading-sm" aria-label={t("translation:common.loading")} />;
  } else if (status.isError) {
    body = <LoadError message={t("twoFactor.loadError")} onRetry={() => void status.refetch()} />;
  } else if (status.data.enabled) {
    body = (
      <div className="flex flex-col gap-3">
        <p className="flex flex-wrap items-center gap-2">
          <span className="badge badge-success badge-soft">{t("twoFactor.on")}</span>
          <span className="text-sm">{t("twoFactor.codesLeft", { count: status.data.recoveryCodesLeft })}</span>
        </p>
        {mode.kind === "disable" ? <TwoFactorDisable onCancel={idle} onDone={idle} /> : (
          <div>
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              onClick={() => setMode({ kind: "disable" })}
            >
              {t("twoFactor.disable")}
            </button>
          </div>
        )}
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-3">
        <p className="flex items-center gap-2">
          <span className="badge badge-neutral badge-soft">{t("twoFactor.off")}</span>
        </p>
        <div>
          <button type="button" className="btn btn-primary btn-sm" onClick={start} disabled={setup.isPending}>
            {setup.isPending ? t("twoFactor.starting") : t("twoFactor.enable")}
          </button>
        </div>
      </div>
    );
  }

  return (
    <TitledCard id="security-title" title={t("security.title")} bodyClassName="card-body gap-3">
      <div>
        <p className="font-medium">{t("twoFactor.title")}</p>
        <p className="text-sm text-base-content/70">{t("twoFactor.description")}</p>
      </div>
      {body}
    </TitledCard>
  );
}
