import { useTranslation } from "react-i18next";
import { CopyButton } from "../../../components/copy-button.tsx";
import { downloadFile } from "../../../lib/save-response.ts";

/** The 10 one-time recovery codes, shown once right after enrolment (the server keeps only hashes). */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("settings");
  const text = codes.join("\n");
  return (
    <div className="flex flex-col gap-3">
      <div role="alert" className="alert alert-success alert-soft">{t("twoFactor.enabledNow")}</div>
      <h4 className="font-semibold">{t("twoFactor.recoveryTitle")}</h4>
      <p className="text-sm">{t("twoFactor.recoveryText")}</p>
      <ul
        dir="ltr"
        aria-label={t("twoFactor.recoveryTitle")}
        className="grid grid-cols-2 gap-2 rounded-box bg-base-200 p-3 font-mono"
        data-testid="recovery-codes"
      >
        {codes.map((code) => <li key={code} className="select-all">{code}</li>)}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label={t("twoFactor.copyCodes")} />
        <button
          type="button"
          className="btn btn-sm btn-outline"
          onClick={() => downloadFile(`${text}\n`, "recovery-codes.txt", "text/plain;charset=utf-8")}
        >
          {t("twoFactor.downloadCodes")}
        </button>
        <button type="button" className="btn btn-sm btn-primary ms-auto" onClick={onDone}>
          {t("twoFactor.savedCodes")}
        </button>
      </div>
    </div>
  );
}
