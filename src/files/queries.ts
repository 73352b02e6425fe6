/** SQL of stored files (table files: bytes in the row, or a key in object storage). */
import type { Queryable } from "../db/types.ts";
import type { StoredFile } from "./storage.ts";

export async function insertFile(
  tx: Queryable,
  f: {
    ownerUserId: number | null;
    filename: string;
    contentType: string;
    sizeBytes: number;
    sha256: string;
    data: Uint8Array | null;
    encrypted: boolean;
    purpose: string;
    storage: "s3" | "db";
    storageKey: string | null;
  },
): Promise<StoredFile> {
  const rows = await tx.query<StoredFile>(
    `insert into files (owner_user_id, filename, content_type, size_bytes, sha256, storage, storage_key, data, encrypted,
        purpose)
     values ($1, $2, $3, $4, $5, $9, $10, $6, $7, $8)
     returning id, filename, content_type as "contentType", size_bytes as "sizeBytes", owner_user_id as "ownerUserId",
       purpose, encrypted, created_at as "createdAt"`,
    [
      f.ownerUserId,
      f.filename,
      f.contentType,
      f.sizeBytes,
      f.sha256,
      f.data,
      f.encrypted,
      f.purpose,
      f.storage,
      f.storageKey,
    ],
  );
  return rows[0];
}

export async function fileMeta(db: Queryable, id: number) {
  return (await db.query<StoredFile>(
    `select id, filename, content_type as "contentType", size_bytes as "sizeBytes", owner_user_id as "ownerUserId",
       purpose, encrypted, created_at as "createdAt" from files where id = $1`,
    [id],
  ))[0];
}

export async function fileData(db: Queryable, id: number) {
  return (await db.query<{ data: Uint8Array | null; storage: string; key: string | null }>(
    "select data, storage, storage_key as key from files where id = $1",
    [id],
  ))[0];
}

export async function lockFileLocation(tx: Queryable, id: number) {
  return (await tx.query<{ storage: string; key: string | null; contentType: string }>(
    `select storage, storage_key as key, content_type as "contentType" from files where id = $1 for update`,
    [id],
  ))[0];
}

export async function setFileEncrypted(tx: Queryable, id: number, encrypted: boolean) {
  await tx.query("update files set encrypted = $2 where id = $1", [id, encrypted]);
}

export async function setFileData(tx: Queryable, id: number, bytes: Uint8Array, encrypted: boolean) {
  await tx.query("update files set data = $2, encrypted = $3 where id = $1", [id, bytes, encrypted]);
}
