/**
 * The backup archive's envelope (docs/decisions/020): the backup's text, gzip-compressed, then
 * encrypted with a key derived from the operator's passphrase (scrypt), in authenticated chunks.
 *
 * Layout: a 36-byte header, then chunks.
 *   header: "PROCBAK1" | version (1) | log2 N (1) | r (1) | p (1) | salt (16) | nonce prefix (8)
 *   chunk:  last (1: 0 or 1) | length (4, big-endian) | AES-256-GCM ciphertext with its tag
 * Chunk i's nonce is the prefix followed by i (4 bytes); its additional data is the header, the
 * `last` byte and i. So chunks cannot be reordered, dropped, moved between archives or cut off after
 * a chunk that is not marked last without the reader noticing.
 */
import { scrypt } from "node:crypto";
import { BadRequest } from "../lib/errors.ts";
import { errorText } from "../shared/error-codes.ts";

const MAGIC = new TextEncoder().encode("PROCBAK1");
const VERSION = 1;
const HEADER_BYTES = 36;
/** Plain bytes per chunk. */
const CHUNK = 64 * 1024;
const TAG_BYTES = 16;
/** scrypt cost: 2^15 × 8 × 128 bytes = 32 MiB and about a quarter of a second. */
const LOG_N = 15, R = 8, P = 1;
/** Highest cost a reader accepts from a header (a hostile header must not ask for gigabytes). */
const MAX_LOG_N = 20;

export const MIN_PASSPHRASE = 12;

/** A damaged file, a wrong passphrase or a file that is not a backup: the message says which. */
export class ArchiveError extends BadRequest {
  constructor(code: ArchiveCode, field: "file" | "passphrase" = "file") {
    super(code, [{ path: field, message: errorText(code) }]);
  }
}
type ArchiveCode = "backup.notABackup" | "backup.unsupported" | "backup.damaged" | "backup.wrongPassphrase";

function deriveKey(passphrase: string, salt: Uint8Array, logN: number, r: number, p: number): Promise<CryptoKey> {
  return new Promise((resolve, reject) => {
    scrypt(
      passphrase.normalize("NFC"),
      salt,
      32,
      { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r + 1024 },
      (e, raw) => {
        if (e) return reject(e);
        crypto.subtle.importKey("raw", new Uint8Array(raw) as BufferSource, "AES-GCM", false, ["encrypt", "decrypt"])
          .then(resolve, reject);
      },
    );
  });
}

function nonceOf(prefix: Uint8Array, index: number): Uint8Array {
  const n = new Uint8Array(12);
  n.set(prefix);
  new DataView(n.buffer).setUint32(8, index);
  return n;
}

function aadOf(header: Uint8Array, last: boolean, index: number): Uint8Array {
  const a = new Uint8Array(header.length + 5);
  a.set(header);
  a[header.length] = last ? 1 : 0;
  new DataView(a.buffer).setUint32(header.length + 1, index);
  return a;
}

/** gzip as a byte transform (the DOM typing says BufferSource; it is bytes in and out). */
const gzip = () => new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>;
const gunzip = () => new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>;

/** Bytes in, the encrypted archive out (gzip first: compressed text is what gets encrypted). */
export function encryptArchive(source: ReadableStream<Uint8Array>, passphrase: string): ReadableStream<Uint8Array> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const prefix = crypto.getRandomValues(new Uint8Array(8));
  const header = new Uint8Array(HEADER_BYTES);
  header.set(MAGIC);
  header.set([VERSION, LOG_N, R, P], 8);
  header.set(salt, 12);
  header.set(prefix, 28);
  const key = deriveKey(passphrase, salt, LOG_N, R, P);
  let pending = new Uint8Array(0);
  let index = 0;
  const seal = async (plain: Uint8Array, last: boolean) => {
    const sealed = new Uint8Array(
      await crypto.subtle.encrypt(
        {
          name: "AES-GCM",
          iv: nonceOf(prefix, index) as BufferSource,
          additionalData: aadOf(header, last, index) as BufferSource,
        },
        await key,
        plain as BufferSource,
      ),
    );
    index++;
    const out = new Uint8Array(5 + sealed.length);
    out[0] = last ? 1 : 0;
    new DataView(out.buffer).setUint32(1, sealed.length);
    out.set(sealed, 5);
    return out;
  };
  const encrypt = new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      controller.enqueue(header);
    },
    async transform(bytes, controller) {
      const joined = new Uint8Array(pending.length + bytes.length);
      joined.set(pending);
      joined.set(bytes, pending.length);
      let at = 0;
      // Keep at least one byte back: the last chunk must be the one marked last.
      while (joined.length - at > CHUNK) {
        controller.enqueue(await seal(joined.subarray(at, at + CHUNK), false));
        at += CHUNK;
      }
      pending = joined.slice(at);
    },
    async flush(controller) {
      controller.enqueue(await seal(pending, true));
    },
  });
  return source.pipeThrough(gzip()).pipeThrough(encrypt);
}

/** Reads exactly n bytes (fewer only at the end of the stream). */
class ByteReader {
  #buf = new Uint8Array(0);
  #done = false;
  constructor(private reader: ReadableStreamDefaultReader<Uint8Array>) {}
  async read(n: number): Promise<Uint8Array> {
    while (this.#buf.length < n && !this.#done) {
      const { value, done } = await this.reader.read();
      if (done) this.#done = true;
      else {
        const joined = new Uint8Array(this.#buf.length + value.length);
        joined.set(this.#buf);
        joined.set(value, this.#buf.length);
        this.#buf = joined;
      }
    }
    const out = this.#buf.slice(0, n);
    this.#buf = this.#buf.slice(out.length);
    return out;
  }
}

/** The encrypted archive in, the backup's text bytes out; throws ArchiveError on anything wrong. */
export function decryptArchive(source: ReadableStream<Uint8Array>, passphrase: string): ReadableStream<Uint8Array> {
  const bytes = new ByteReader(source.getReader());
  let key: CryptoKey | undefined;
  let header: Uint8Array;
  let prefix: Uint8Array;
  let index = 0;
  let ended = false;
  const plain = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!key) {
        header = await bytes.read(HEADER_BYTES);
        if (header.length < HEADER_BYTES || MAGIC.some((b, i) => header[i] !== b)) {
          throw new ArchiveError("backup.notABackup");
        }
        const [version, logN, r, p] = header.subarray(8, 12);
        if (version !== VERSION || logN < 10 || logN > MAX_LOG_N || r < 1 || r > 32 || p < 1 || p > 4) {
          throw new ArchiveError("backup.unsupported");
        }
        prefix = header.slice(28, 36);
        key = await deriveKey(passphrase, header.slice(12, 28), logN, r, p);
      }
      if (ended) {
        if ((await bytes.read(1)).length) throw new ArchiveError("backup.damaged");
        controller.close();
        return;
      }
      const head = await bytes.read(5);
      if (head.length < 5) throw new ArchiveError("backup.damaged");
      const last = head[0] === 1;
      const length = new DataView(head.buffer, head.byteOffset).getUint32(1);
      if (head[0] > 1 || length < TAG_BYTES || length > CHUNK + TAG_BYTES) throw new ArchiveError("backup.damaged");
      const sealed = await bytes.read(length);
      if (sealed.length < length) throw new ArchiveError("backup.damaged");
      let opened: ArrayBuffer;
      try {
        opened = await crypto.subtle.decrypt(
          {
            name: "AES-GCM",
            iv: nonceOf(prefix, index) as BufferSource,
            additionalData: aadOf(header, last, index) as BufferSource,
          },
          key,
          sealed as BufferSource,
        );
      } catch {
        // The first chunk failing is what a wrong passphrase looks like; a later one is damage.
        if (index === 0) throw new ArchiveError("backup.wrongPassphrase", "passphrase");
        throw new ArchiveError("backup.damaged");
      }
      index++;
      ended = last;
      controller.enqueue(new Uint8Array(opened));
    },
  });
  return plain.pipeThrough(gunzip());
}
