/**
 * A minimal S3-compatible object store client (PUT / GET / DELETE of one object) with AWS
 * Signature Version 4, on fetch and WebCrypto, so files can live in S3, R2, MinIO or Tigris when a
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

const enc = new TextEncoder();
const hex = (buf: ArrayBuffer | Uint8Array) =>
  Array.from(buf instanceof Uint8Array ? buf : new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");

async function sha256(data: Uint8Array | string) {
  return hex(
    await crypto.subtle.digest("SHA-256", (typeof data === "string" ? enc.encode(data) : data) as BufferSource),
  );
}

async function hmac(key: Uint8Array | ArrayBuffer, data: string) {
  const k = await crypto.subtle.importKey("raw", key as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, enc.encode(data)));
}

/** RFC 3986 encoding as SigV4 wants it, keeping the slashes of the key. */
const encodeKey = (key: string) =>
  key.split("/").map((p) =>
    encodeURIComponent(p).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  )
    .join("/");

export async function signRequest(
  cfg: S3Config,
  method: string,
  url: URL,
  payloadHash: string,
  now = new Date(),
  extraHeaders: Record<string, string> = {},
) {
  const amzDate = now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    host: url.host,
    "x-amz-content-sha256": payloadHash,
    "x-amz-date": amzDate,
    ...Object.fromEntries(Object.entries(extraHeaders).map(([k, v]) => [k.toLowerCase(), v])),
  };
  const names = Object.keys(headers).sort();
  const canonical = [
    method,
    url.pathname,
    "",
    names.map((n) => `${n}:${headers[n].trim()}`).join("\n") + "\n",
    names.join(";"),
    payloadHash,
  ].join("\n");
  const scope = `${day}/${cfg.region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, await sha256(canonical)].join("\n");
  let key = await hmac(enc.encode(`AWS4${cfg.secretAccessKey}`), day);
  for (const part of [cfg.region, "s3", "aws4_request"]) key = await hmac(key, part);
  const signature = hex(await hmac(key, toSign));
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${cfg.accessKeyId}/${scope}, SignedHeaders=${
      names.join(";")
    }, Signature=${signature}`,
  };
}

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
