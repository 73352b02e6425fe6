import { useTranslation } from "react-i18next";
import { StandalonePage } from "../../../components/standalone-page.tsx";

export default function VendorManagementPage() {
  const { t } = useTranslation();
  return <StandalonePage title={t("pages.vendorManagement.title")} />;
}
