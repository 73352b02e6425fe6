import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ROLES } from "../../../../../src/shared/roles.ts";
import { FeatureIcon, type FeatureIconName } from "../../../components/feature-icon.tsx";
import { PublicHeader } from "../../../components/public-header.tsx";
import { SkipLink } from "../../../components/skip-link.tsx";

/** The four highlights of spec section 1. */
const FEATURES = [
  { key: "roleBasedAccess", icon: "shield" },
  { key: "userManagement", icon: "users" },
  { key: "emailVerification", icon: "mail" },
  { key: "analytics", icon: "chart" },
] as const satisfies readonly { key: string; icon: FeatureIconName }[];

export function LandingPage() {
  const { t } = useTranslation();
  const description = t("landing.heroSubtitle");
  // The page a search engine shows: its description in the reader's language (index.html has English).
  useEffect(() => {
    document.querySelector('meta[name="description"]')?.setAttribute("content", description);
  }, [description]);
  return (
    <div className="flex min-h-screen flex-col bg-base-100">
      <SkipLink />
      <PublicHeader />
      <main id="main" className="flex-1">
        <section aria-labelledby="hero-title" className="hero bg-base-200 py-16">
          <div className="hero-content max-w-3xl flex-col text-center">
            <h1 id="hero-title" className="text-4xl font-bold sm:text-5xl">{t("landing.heroTitle")}</h1>
            <p className="max-w-2xl py-4 text-lg text-base-content/80">{t("landing.heroSubtitle")}</p>
            <div className="flex flex-wrap justify-center gap-3">
              <Link href="/login" className="btn btn-primary btn-lg">{t("auth.signIn")}</Link>
              <Link href="/vendor/register" className="btn btn-outline btn-lg">{t("auth.registerAsVendor")}</Link>
            </div>
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="features-title" className="mb-8 text-center text-3xl font-bold">{t("landing.featuresTitle")}</h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(({ key, icon }) => (
              <li key={key} className="card bg-base-100 shadow-sm ring-1 ring-base-300">
                <div className="card-body">
                  <FeatureIcon name={icon} />
                  <h3 className="card-title text-lg">{t(`landing.features.${key}.title`)}</h3>
                  <p className="text-base-content/70">{t(`landing.features.${key}.description`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="roles-title" className="bg-base-200 px-4 py-16">
          <div className="mx-auto max-w-6xl">
            <h2 id="roles-title" className="mb-8 text-center text-3xl font-bold">{t("landing.rolesTitle")}</h2>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {ROLES.map((role) => (
                <li key={role.name} className="card bg-base-100 shadow-sm">
                  <div className="card-body">
                    <h3 className="card-title text-lg">{t(`roles.${role.name}.name`)}</h3>
                    <p className="text-base-content/70">{t(`roles.${role.name}.description`)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <footer className="footer footer-center border-t border-base-300 bg-base-100 p-6 text-base-content/70">
        <p>{t("landing.footer", { year: 2024 })}</p>
      </footer>
    </div>
  );
}
