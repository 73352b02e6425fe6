/**
 * Manual quotation attachments (spec sections 5 and 9), shared by the API and the SPA: .pdf, .doc,
 * .docx, .jpg, .jpeg, .png, .xlsx, .xls, up to 10 MB each, at most 10 files. The SPA checks names
 * and sizes for a quick answer; the server checks content (magic bytes) and answers 413 / 415.
 */
export const ATTACHMENT_EXTENSIONS = [".pdf", ".doc", ".docx", ".jpg", ".jpeg", ".png", ".xlsx", ".xls"] as const;
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.join(",");
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS = 10;
