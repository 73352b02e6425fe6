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
    sealedMeta: string | null;
  },
): Promise<StoredFile> {
  const rows = await tx.query<StoredFile>(
    `insert into files (owner_user_id, filename, content_type, size_bytes, sha256, storage, storage_key, data, encrypted,
        purpose, sealed_meta)
     values ($1, $2, $3, $4, $5, $9, $10, $6, $7, $8, $11)
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
      f.sealedMeta,
    ],
  );
  return rows[0];
}

export async function sealedMetaOf(tx: Queryable, id: number): Promise<string | null> {
  const [r] = await tx.query<{ meta: string | null }>("select sealed_meta as meta from files where id = $1", [id]);
  return r?.meta ?? null;
}

export async function restoreFileMeta(tx: Queryable, id: number, filename: string, ownerUserId: number | null) {
  await tx.query("update files set filename = $2, owner_user_id = $3, sealed_meta = null where id = $1", [
    id,
    filename,
    ownerUserId,
  ]);
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

// ---------------------------------------------------------------------------------------------
// Quotas and retention (quotas.ts)

const UPLOADS_LOCK_KEY = 727_100_020;

/** Uploads check their quotas one at a time (an upload is rare and its check two sums). */
export async function lockUploads(tx: Queryable) {
  await tx.query("select pg_advisory_xact_lock($1)", [UPLOADS_LOCK_KEY]);
}

/** Bytes stored in total, by one owner, and as pending applicants' licences in the last 24 hours. */
export async function usage(db: Queryable, ownerUserId: number | null) {
  const [r] = await db.query<
    { total: string | number; owner: string | number; pending: string | number; files: number }
  >(
    `select coalesce(sum(f.size_bytes), 0)::bigint as total, count(*)::int as files,
            coalesce(sum(f.size_bytes) filter (where f.owner_user_id = $1), 0)::bigint as owner,
            coalesce(sum(f.size_bytes) filter (
              where f.purpose = 'business_license' and f.created_at > now() - interval '24 hours'
                and exists (select 1 from vendor_profiles vp where vp.user_id = f.owner_user_id and vp.status = 'pending')
            ), 0)::bigint as pending
       from files f`,
    [ownerUserId],
  );
  return {
    totalBytes: Number(r.total),
    ownerBytes: Number(r.owner),
    pendingRegistrationBytesToday: Number(r.pending),
    files: r.files,
  };
}

/** An applicant not yet decided (registration writes the licence before the profile: no profile counts too). */
export async function isPendingApplicant(db: Queryable, userId: number): Promise<boolean> {
  return (await db.query("select 1 from vendor_profiles where user_id = $1 and status <> 'pending'", [userId]))
    .length === 0;
}

/** Licences of applications rejected more than `days` ago: their vendor and file. */
export async function expiredRejectedLicences(db: Queryable, days: number) {
  return await db.query<{ vendorId: number; fileId: number }>(
    `select user_id as "vendorId", business_license_file_id as "fileId" from vendor_profiles
      where status = 'rejected' and business_license_file_id is not null
        and reviewed_at < now() - make_interval(days => $1)
      order by user_id limit 100`,
    [days],
  );
}

/** Unlinks and deletes one rejected application's licence; false when it changed meanwhile. */
export async function purgeLicence(tx: Queryable, vendorId: number, fileId: number): Promise<boolean> {
  const unlinked = await tx.query(
    `update vendor_profiles set business_license_file_id = null
      where user_id = $1 and business_license_file_id = $2 and status = 'rejected' returning user_id`,
    [vendorId, fileId],
  );
  if (!unlinked.length) return false;
  await tx.query("delete from files where id = $1", [fileId]);
  return true;
}
