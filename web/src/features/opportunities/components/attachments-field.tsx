import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../../lib/format.ts";
import { isolate } from "../../../lib/i18n.ts";
import {
  addAttachments,
  ATTACHMENT_ACCEPT,
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  type AttachmentProblem,
  MAX_ATTACHMENTS,
} from "./attachment-rules.ts";
import { ActionButton } from "../../../components/action-button.tsx";

/** Several files, each removable; a wrong type, size or count is refused with the generic file-drop messages. */
export function AttachmentsField({ files, onChange, disabled }: {
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation("opportunities");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<{ name: string; problem: AttachmentProblem }[]>([]);
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const message = (problem: AttachmentProblem) =>
    problem === "type"
      ? t("attachments.errors.type", { types: ATTACHMENT_EXTENSIONS.join(", ") })
      : problem === "size"
      ? t("attachments.errors.size", { size: size(ATTACHMENT_MAX_BYTES) })
      : t("attachments.errors.count");

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">{t("attachments.label")}</label>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        disabled={disabled}
        className="file-input w-full"
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          const result = addAttachments(files, picked);
          setProblems(result.rejected);
          onChange(result.files);
          // Let the same file be picked again after it was removed.
          if (input.current) input.current.value = "";
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-base-content/60">
        {t("attachments.hint", { max: MAX_ATTACHMENTS, size: size(ATTACHMENT_MAX_BYTES) })}
      </p>
      {problems.length > 0 && (
        <ul role="alert" className="flex flex-col gap-1 text-sm text-error">
          {problems.map((p, n) => <li key={`${p.name}-${n}`}>{`${isolate(p.name)}: ${message(p.problem)}`}</li>)}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label={t("attachments.chosen")}>
          {files.map((file, n) => (
            <li
              key={`${file.name}-${file.size}-${n}`}
              className="flex items-center justify-between gap-2 rounded-box bg-base-200 px-3 py-1"
            >
              <span className="min-w-0 break-all text-sm">
                {file.name} <span className="text-base-content/60">({size(file.size)})</span>
              </span>
              <ActionButton
                label={t("attachments.remove")}
                className="btn btn-ghost btn-xs"
                disabled={disabled}
                name={t("attachments.removeNamed", { name: isolate(file.name) })}
                onClick={() => onChange(files.filter((_, i) => i !== n))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
