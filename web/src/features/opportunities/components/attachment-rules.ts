/** Quick client-side checks of the shared attachment rules; the server checks content too. */
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, MAX_ATTACHMENTS } from "../../../../../src/shared/attachments.ts";

export {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  MAX_ATTACHMENTS,
} from "../../../../../src/shared/attachments.ts";

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
