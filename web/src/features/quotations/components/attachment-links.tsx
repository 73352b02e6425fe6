import { useTranslation } from "react-i18next";
import type { Attachment } from "../api/get-quotations.ts";
import { fileUrl } from "../api/get-file.ts";

export function AttachmentLinks({ attachments }: { attachments: Attachment[] }) {
  const { t } = useTranslation("quotations");
  if (!attachments.length) return null;
  return (
    <div className="text-sm">
      <span className="text-base-content/60">{t("card.attachments")}:</span>{" "}
      <ul className="inline">
        {attachments.map((file, n) => (
          <li key={file.id} className="inline">
            {n > 0 && ", "}
            <a className="link link-primary break-all" href={fileUrl(file.id)} target="_blank" rel="noopener">
              {file.filename}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
