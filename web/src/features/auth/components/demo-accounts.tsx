import { useTranslation } from "react-i18next";
import { useMeta } from "../../../hooks/use-meta.ts";

/** Test credentials, only when the server runs the demo seed (never in a real deployment). */
export function DemoAccounts() {
  const { t } = useTranslation();
  const { data: meta } = useMeta();
  if (!meta?.demoMode || !meta.demoAccounts?.length) return null;
  return (
    <section aria-labelledby="demo-accounts-title" className="rounded-box bg-base-200 p-4 text-sm">
      <h2 id="demo-accounts-title" className="mb-2 font-semibold">{t("auth.demoTitle")}</h2>
      <p className="mb-2 text-base-content/70">{t("auth.demoNote")}</p>
      <div className="overflow-x-auto">
        <table className="table table-xs">
          <thead>
            <tr>
              <th scope="col">{t("auth.demoRole")}</th>
              <th scope="col">{t("auth.demoSignIn")}</th>
              <th scope="col">{t("auth.password")}</th>
            </tr>
          </thead>
          <tbody>
            {meta.demoAccounts.map((account) => (
              <tr key={`${account.role}-${account.signIn}`}>
                <td>{t(`roles.${account.role}.name`, { defaultValue: account.role })}</td>
                <td>
                  <code dir="ltr">{account.signIn}</code>
                </td>
                <td>
                  <code dir="ltr">{account.password}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
