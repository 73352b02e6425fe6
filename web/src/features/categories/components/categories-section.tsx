import { useTranslation } from "react-i18next";
import { SectionPlaceholder } from "../../../components/section-placeholder.tsx";

export default function CategoriesSection() {
  const { t } = useTranslation();
  return <SectionPlaceholder title={t("dashboard.sections.categories")} />;
}
