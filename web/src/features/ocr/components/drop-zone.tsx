import { type DragEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { checkOcrFiles, OCR_ACCEPT, OCR_MAX_BYTES, type OcrFileProblem } from "../file-rules.ts";
import { formatBytes } from "../../../lib/format.ts";

/**
 * One file, dropped or picked (spec section 5): PDF, PNG, JPG, JPEG, TIFF or BMP up to 10 MB. The
 * whole zone is a label for the hidden-looking file input, so keyboard and screen reader users pick
 * the file through the native control; dropping is the mouse shortcut.
 */
export function DropZone({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const { t, i18n } = useTranslation("ocr");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<OcrFileProblem | null>(null);

  const take = (files: File[]) => {
    const found = checkOcrFiles(files);
    setProblem(found);
    if (!found) onFile(files[0]);
    if (input.current) input.current.value = "";
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(Array.from(event.dataTransfer.files));
  };
  const limit = formatBytes(OCR_MAX_BYTES, i18n.language);

  return (
    <div className="flex flex-col gap-2">
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-box border-2 border-dashed p-8 text-center transition-colors ${
          over ? "border-primary bg-primary/10" : "border-base-300 bg-base-200/50 hover:border-primary"
        } ${disabled ? "pointer-events-none opacity-60" : ""}`}
      >
        <svg viewBox="0 0 24 24" className="size-10 fill-current text-base-content/70" aria-hidden="true">
          <path d="M19 20H5v-2h14v2ZM12 3l5 5h-3v6h-4V8H7l5-5Z" />
        </svg>
        <span className="font-medium">{t("drop.title")}</span>
        <span className="text-sm text-base-content/70">{t("drop.or")}</span>
        <span id={`${id}-hint`} className="text-sm text-base-content/70">{t("drop.hint", { limit })}</span>
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={OCR_ACCEPT}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        aria-label={t("drop.inputLabel")}
        className="file-input file-input-sm w-full"
        data-testid="ocr-file-input"
        onChange={(event) => take(Array.from(event.target.files ?? []))}
      />
      {problem && (
        <p role="alert" className="text-sm text-error">
          {t(`drop.errors.${problem}`, { limit })}
        </p>
      )}
    </div>
  );
}
