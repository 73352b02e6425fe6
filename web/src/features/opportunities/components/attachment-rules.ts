/**
 * Manual quotation attachments (spec sections 5 and 9): .pdf, .doc, .docx, .jpg, .jpeg, .png, .xlsx,
 * .xls, up to 10 MB each, at most 10 files. Checked here by name and size for a quick answer; the
 * server checks the content (magic bytes) and answers 413 / 415 itself.
 */
export const ATTACHMENT_EXTENSIONS = [".pdf", ".doc", ".docx", ".jpg", ".jpeg", ".png", ".xlsx", ".xls"] as const;
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.join(",");
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS = 10;

export type AttachmentProblem = "type" | "size" | "count";

export function checkAttachment(file: { name: string; size: number }): AttachmentProblem | null {
  const name = file.name.toLowerCase();
  if (!ATTACHMENT_EXTENSIONS.some((ext) => name.endsWith(ext))) return "type";
  if (file.size > ATTACHMENT_MAX_BYTES) return "size";
  return null;
}

/** Adds the picked files that pass, up to the limit; says what happened to each one that did not. */
export function addAttachments(current: File[], picked: File[]) {
  const next = [...current];
  const rejected: { name: string; problem: AttachmentProblem }[] = [];
  for (const file of picked) {
    const problem = checkAttachment(file) ?? (next.length >= MAX_ATTACHMENTS ? "count" : null);
    if (problem) rejected.push({ name: file.name, problem });
    else next.push(file);
  }
  return { files: next, rejected };
}
