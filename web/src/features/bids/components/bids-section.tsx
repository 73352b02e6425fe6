import { useTranslation } from "react-i18next";
import { SectionPlaceholder } from "../../../components/section-placeholder.tsx";

export default function BidsSection() {
  const { t } = useTranslation();
  return <SectionPlaceholder title={t("dashboard.sections.bids")} />;
}
