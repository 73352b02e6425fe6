import { encodeHexLowerCase } from "@oslojs/encoding";
import { AwsV4Signer } from "aws4fetch";

/**
 * A minimal S3-compatible object store client (PUT / GET / DELETE of one object) with AWS
 * Signature Version 4 (aws4fetch), on fetch and WebCrypto, so files can live in S3, R2, MinIO or Tigris when a
 * deployment has several machines. Path-style URLs: `${endpoint}/${bucket}/${key}`.
 */
export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface ObjectStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array>;
  delete(key: string): Promise<void>;
}

/** Hex SHA-256 of the payload: S3 wants it signed (no UNSIGNED-PAYLOAD), so tampering is refused. */
async function sha256(data: Uint8Array) {
  return encodeHexLowerCase(new Uint8Array(await crypto.subtle.digest("SHA-256", data as BufferSource)));
}

/**
 * SigV4 headers for one request (aws4fetch does the signing; this keeps the payload hash explicit
 * and the clock injectable, so the test can check AWS's published example).
 */
export async function signRequest(
  cfg: S3Config,
  method: string,
  url: URL,
  payloadHash: string,
  now = new Date(),
  extraHeaders: Record<string, string> = {},
): Promise<Record<string, string>> {
  const signer = new AwsV4Signer({
    method,
    url: url.toString(),
    headers: { ...extraHeaders, "x-amz-content-sha256": payloadHash },
    accessKeyId: cfg.accessKeyId,
    secretAccessKey: cfg.secretAccessKey,
    service: "s3",
    allHeaders: true, // sign range and content-type too, as before
    region: cfg.region,
    datetime: now.toISOString().replace(/[:-]|\.\d{3}/g, ""),
  });
  const { headers } = await signer.sign();
  return Object.fromEntries(headers.entries());
}

/** RFC 3986 encoding as SigV4 wants it, keeping the slashes of the key. */
const encodeKey = (key: string) =>
  key.split("/").map((p) =>
    encodeURIComponent(p).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  )
    .join("/");

export function s3Store(cfg: S3Config): ObjectStore {
  const urlFor = (key: string) => new URL(`${cfg.endpoint.replace(/\/$/, "")}/${cfg.bucket}/${encodeKey(key)}`);
  const call = async (method: string, key: string, body?: Uint8Array, contentType?: string) => {
    const url = urlFor(key);
    const payloadHash = await sha256(body ?? new Uint8Array());
    const headers = await signRequest(
      cfg,
      method,
      url,
      payloadHash,
      new Date(),
      contentType ? { "content-type": contentType } : {},
    );
    delete (headers as Record<string, string>).host;
    const res = await fetch(url, {
      method,
      headers,
      body: body as BodyInit | undefined,
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`Object storage ${method} ${key} failed: ${res.status}`);
    }
    return res;
  };
  return {
    async put(key, bytes, contentType) {
      await (await call("PUT", key, bytes, contentType)).body?.cancel();
    },
    async get(key) {
      return new Uint8Array(await (await call("GET", key)).arrayBuffer());
    },
    async delete(key) {
      await (await call("DELETE", key)).body?.cancel();
    },
  };
}
