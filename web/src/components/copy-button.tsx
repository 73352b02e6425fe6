import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../lib/toast.tsx";

const COPIED_MS = 2000;

/** Copies text to the clipboard and says so for a moment; used for one-time secrets. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Clipboard access can be refused (permissions, insecure context); the text stays selectable.
      toast({ variant: "error", title: t("copy.failedTitle"), description: t("copy.failedDescription") });
    }
  };
  return (
    <button type="button" className="btn btn-sm btn-outline" onClick={() => void copy()} aria-live="polite">
      {copied ? t("copy.copied") : label ?? t("copy.copy")}
    </button>
  );
}
