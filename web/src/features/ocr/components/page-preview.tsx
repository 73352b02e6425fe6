/**
 * The page the lines were read from, with the selected line's box drawn over it: the picked image
 * itself (an object URL), or a PDF page drawn by pdf.js (loaded only now, see pdf-page.ts). TIFF has
 * no preview in most browsers; the review works without one.
 *
 * The page is a picture of a paper in its own layout, so it is laid out left to right in every
 * language; box fractions are from the page's top-left corner.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OcrBox } from "../api/get-ocr-job.ts";
import { previewKind } from "../file-rules.ts";

const PAD = 0.004;
const pct = (n: number) => `${Math.max(0, Math.min(100, n * 100))}%`;

function Highlight({ box }: { box?: OcrBox }) {
  if (!box) return null;
  return (
    <div
      className="pointer-events-none absolute rounded-sm border-2 border-primary bg-primary/10"
      // A little larger than the words, so the outline does not cross them.
      style={{
        left: pct(box.x - PAD),
        top: pct(box.y - PAD),
        width: pct(box.w + 2 * PAD),
        height: pct(box.h + 2 * PAD),
      }}
      data-testid="ocr-highlight"
    />
  );
}

function PdfCanvas({ file, page, onFailed }: { file: File; page: number; onFailed: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const target = canvas.current;
    if (!target) return;
    setReady(false);
    const width = Math.min(1200, Math.max(320, target.parentElement?.clientWidth ?? 600));
    import("./pdf-page.ts")
      .then(({ renderPdfPage }) => renderPdfPage(file, page, target, width))
      .then(() => live && setReady(true))
      .catch((error: unknown) => {
        // A newer page cancelled this render: not a failure.
        if (live && (error as { name?: string })?.name !== "RenderingCancelledException") onFailed();
      });
    return () => {
      live = false;
    };
  }, [file, page, onFailed]);
  return (
    <>
      {!ready && <span className="loading loading-spinner absolute start-1/2 top-8" aria-hidden="true" />}
      <canvas ref={canvas} className="block w-full bg-white" />
    </>
  );
}

export function PagePreview({ file, page, pages, box, onPage }: {
  file: File;
  page: number;
  pages: number;
  box?: OcrBox;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("ocr");
  const kind = previewKind(file);
  const [failed, setFailed] = useState(false);
  const url = useMemo(() => (kind === "image" ? URL.createObjectURL(file) : undefined), [file, kind]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  const onFailed = useMemo(() => () => setFailed(true), []);
  // An image file is one page; a PDF says how many it has.
  const count = kind === "image" ? 1 : Math.max(1, pages);

  return (
    <figure className="flex flex-col gap-2" aria-label={t("preview.label")}>
      {count > 1 && (
        <div className="flex items-center justify-between gap-2">
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            {t("preview.previous")}
          </button>
          <span className="text-sm" aria-live="polite">{t("preview.page", { page, pages: count })}</span>
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            disabled={page >= count}
            onClick={() => onPage(page + 1)}
          >
            {t("preview.next")}
          </button>
        </div>
      )}
      {kind === "none" || failed
        ? (
          <p className="rounded-box border border-dashed border-base-300 p-6 text-center text-sm text-base-content/70">
            {failed ? t("preview.failed") : t("preview.unavailable")}
          </p>
        )
        : (
          <div className="relative overflow-hidden rounded-box border border-base-300 bg-white" dir="ltr">
            {kind === "image"
              ? <img src={url} alt={t("preview.imageAlt", { name: file.name })} className="block h-auto w-full" />
              : <PdfCanvas file={file} page={page} onFailed={onFailed} />}
            <Highlight box={box} />
          </div>
        )}
      <figcaption className="text-xs text-base-content/70">
        {box ? t("preview.highlightHint") : t("preview.selectHint")}
      </figcaption>
    </figure>
  );
}
