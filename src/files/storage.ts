/**
 * The one storage module for every upload. Bytes are kept in the `files` table by default, so the
 * embedded database and several instances on one PostgreSQL keep files together with their records
 * (and in the same transaction). Checks size and type by content before anything is written.
 */
import type { Queryable } from "../db/types.ts";
import { PayloadTooLarge, UnsupportedMediaType } from "../lib/errors.ts";
import { CONTENT_TYPES, detectKind, type FileKind } from "./detect.ts";
import type { ObjectStore } from "./s3.ts";
import * as q from "./queries.ts";
import { decryptText, encryptText, sha256Hex } from "../lib/crypto.ts";
import { enforceQuotas } from "./quotas.ts";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export type FilePurpose = "business_license" | "quotation_attachment" | "ocr_source" | "backup" | "other";

export interface StoredFile {
  id: number;
  filename: string;
  contentType: string;
  sizeBytes: number;
  ownerUserId: number | null;
  purpose: FilePurpose;
  encrypted: boolean;
  createdAt: Date;
}

/**
 * Keeps letters with their combining marks (Thaana, Devanagari and Arabic vowel signs are marks), digits, dot,
 * dash, underscore and spaces; no paths, no control characters.
 */
export function sanitizeFilename(name: string, kind: FileKind): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.normalize("NFKC").replace(/[^\p{L}\p{M}\p{N}._\- ]+/gu, "_").replace(/^[.\s]+/, "").slice(0, 120)
    .trim();
  const ext = kind === "jpeg" ? ["jpg", "jpeg"] : [kind];
  const hasExt = ext.some((e) => cleaned.toLowerCase().endsWith(`.${e}`));
  return (cleaned || "file") + (hasExt ? "" : `.${ext[0]}`);
}

/** Throws 413 / 415 for a file that may not be stored; returns the detected kind otherwise. */
export function checkUpload(bytes: Uint8Array, allowed: readonly FileKind[], label = "File"): FileKind {
  if (bytes.byteLength > MAX_FILE_BYTES) throw new PayloadTooLarge("files.tooLarge", { label, max: MAX_FILE_BYTES });
  const kind = detectKind(bytes);
  if (!kind || !allowed.includes(kind)) {
    throw new UnsupportedMediaType("files.wrongType", {
      label,
      types: allowed.map((k) => `.${k === "jpeg" ? "jpg" : k}`).join(", "),
    });
  }
  return kind;
}

export async function storeFile(
  tx: Queryable,
  f: {
    ownerUserId: number | null;
    filename: string;
    bytes: Uint8Array;
    purpose: FilePurpose;
    allowed: readonly FileKind[];
    /** Already-encrypted bytes (sealed bids): stored as given and flagged. */
    encryptedBytes?: Uint8Array;
    /**
     * The sealed-bid key: the file is stored with no owner and a neutral name, its real ones
     * encrypted beside it until unsealing (openSealedFileMeta), so a database user cannot tell whose
     * it is (docs/decisions/003).
     */
    sealKey?: Uint8Array;
  },
  store?: ObjectStore,
): Promise<StoredFile> {
  const kind = checkUpload(f.bytes, f.allowed);
  await enforceQuotas(tx, { ownerUserId: f.ownerUserId, sizeBytes: f.bytes.byteLength, purpose: f.purpose });
  const stored = f.encryptedBytes ?? f.bytes;
  // Object first: a rolled-back transaction leaves at most an unreferenced object, never a row without bytes.
  const key = store ? `files/${new Date().toISOString().slice(0, 7)}/${crypto.randomUUID()}` : null;
  if (store && key) await store.put(key, stored, f.encryptedBytes ? "application/octet-stream" : CONTENT_TYPES[kind]);
  const filename = sanitizeFilename(f.filename, kind);
  const hidden = f.sealKey && f.encryptedBytes;
  return await q.insertFile(tx, {
    ownerUserId: hidden ? null : f.ownerUserId,
    filename: hidden ? `sealed.${kind === "jpeg" ? "jpg" : kind}` : filename,
    sealedMeta: hidden
      ? await encryptText(f.sealKey!, JSON.stringify({ filename, ownerUserId: f.ownerUserId }), SEALED_META_CONTEXT)
      : null,
    contentType: CONTENT_TYPES[kind],
    sizeBytes: f.bytes.byteLength,
    sha256: await sha256Hex(f.bytes),
    data: key ? null : stored,
    encrypted: !!f.encryptedBytes,
    purpose: f.purpose,
    storage: key ? "s3" : "db",
    storageKey: key,
  });
}

export async function fileMeta(db: Queryable, id: number) {
  return await q.fileMeta(db, id);
}

export async function fileBytes(db: Queryable, id: number, store?: ObjectStore): Promise<Uint8Array | undefined> {
  const row = await q.fileData(db, id);
  if (!row) return undefined;
  if (row.storage === "s3") {
    if (!store || !row.key) throw new Error(`File ${id} is in object storage, which is not configured`);
    return await store.get(row.key);
  }
  return row.data ?? undefined;
}

/** Replaces a file's bytes in place (unsealing decrypts attachments). */
export async function rewriteFile(
  tx: Queryable,
  id: number,
  bytes: Uint8Array,
  encrypted: boolean,
  store?: ObjectStore,
) {
  const row = await q.lockFileLocation(tx, id);
  if (row?.storage === "s3" && store && row.key) {
    await store.put(row.key, bytes, encrypted ? "application/octet-stream" : row.contentType);
    await q.setFileEncrypted(tx, id, encrypted);
  } else {
    await q.setFileData(tx, id, bytes, encrypted);
  }
}

const SEALED_META_CONTEXT = "file:sealed-meta:v1";

/** The real name and owner of a sealed file (for its owner's own view), or undefined. */
export async function sealedFileMeta(
  key: Uint8Array,
  sealedMeta: string | null | undefined,
): Promise<{ filename: string; ownerUserId: number | null } | undefined> {
  if (!sealedMeta) return undefined;
  return JSON.parse(await decryptText(key, sealedMeta, SEALED_META_CONTEXT));
}

/** Unsealing: the file gets back its name and owner. */
export async function openSealedFileMeta(tx: Queryable, id: number, key: Uint8Array) {
  const meta = await sealedFileMeta(key, await q.sealedMetaOf(tx, id));
  if (meta) await q.restoreFileMeta(tx, id, meta.filename, meta.ownerUserId);
}
