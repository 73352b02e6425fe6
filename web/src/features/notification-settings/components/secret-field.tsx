/**
 * A stored secret (an API key, an access token): never shown, so the field is empty and its
 * placeholder says whether one is set; typing a value replaces it on Save.
 */
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/form-field.tsx";

export function SecretField({ label, value, isSet, disabled, onChange }: {
  label: string;
  value: string;
  isSet: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation("notification-settings");
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="off"
      inputClassName="input w-full max-w-md"
      value={value}
      disabled={disabled}
      placeholder={isSet ? t("secret.setPlaceholder") : t("secret.notSetPlaceholder")}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
