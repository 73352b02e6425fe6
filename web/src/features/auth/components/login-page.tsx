import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { PublicHeader } from "../../../components/public-header.tsx";
import { SkipLink } from "../../../components/skip-link.tsx";
import type { LoginResult } from "../api/login.ts";
import { AdminLoginForm } from "./admin-login-form.tsx";
import { StandardLoginForm } from "./standard-login-form.tsx";
import { TwoFactorForm } from "./two-factor-form.tsx";

const TABS = ["standard", "admin"] as const;
type Tab = (typeof TABS)[number];

export function LoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<Tab>("standard");
  const [twoFactor, setTwoFactor] = useState(false);

  const done = () => navigate("/", { replace: true });
  const onLogin = (result: LoginResult) => {
    if (result?.twoFactorRequired) setTwoFactor(true);
    else done();
  };
  // Arrow keys move between tabs (WAI-ARIA tabs pattern); in RTL left and right swap meaning.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next: Tab = tab === "standard" ? "admin" : "standard";
    setTab(next);
    document.getElementById(`login-tab-${next}`)?.focus();
  };

  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <SkipLink />
      <PublicHeader showSignIn={false} />
      <main id="main" className="flex flex-1 items-start justify-center p-4 sm:items-center">
        <div className="card w-full max-w-md bg-base-100 shadow-md">
          <div className="card-body gap-4">
            <div className="text-center">
              <h1 className="text-2xl font-bold">{t("auth.loginTitle")}</h1>
              <p className="text-base-content/70">{t("auth.loginSubtitle")}</p>
            </div>
            {twoFactor ? <TwoFactorForm onSuccess={done} onCancel={() => setTwoFactor(false)} /> : (
              <>
                <div role="tablist" aria-label={t("auth.loginType")} className="tabs tabs-box grid grid-cols-2">
                  {TABS.map((value) => (
                    <button
                      key={value}
                      id={`login-tab-${value}`}
                      type="button"
                      role="tab"
                      aria-selected={tab === value}
                      aria-controls={`login-panel-${value}`}
                      tabIndex={tab === value ? 0 : -1}
                      className={`tab ${tab === value ? "tab-active" : ""}`}
                      onClick={() => setTab(value)}
                      onKeyDown={onTabKey}
                    >
                      {t(value === "standard" ? "auth.standardTab" : "auth.adminTab")}
                    </button>
                  ))}
                </div>
                <div id={`login-panel-${tab}`} role="tabpanel" aria-labelledby={`login-tab-${tab}`}>
                  {tab === "standard"
                    ? <StandardLoginForm onSuccess={onLogin} />
                    : <AdminLoginForm onSuccess={onLogin} />}
                </div>
              </>
            )}
            <div className="divider my-0" />
            <p className="text-center text-sm text-base-content/70">{t("auth.accountsNote")}</p>
            <Link href="/vendor/register" className="btn btn-outline">{t("auth.registerAsVendor")}</Link>
          </div>
        </div>
      </main>
    </div>
  );
}
