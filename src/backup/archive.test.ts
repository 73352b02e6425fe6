import assert from "node:assert/strict";
import { ArchiveError, decryptArchive, encryptArchive } from "./archive.ts";

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  // Delivered in odd-sized pieces: the reader must not depend on how the bytes arrive.
  return new ReadableStream({
    start(c) {
      for (let at = 0; at < bytes.length; at += 7777) c.enqueue(bytes.slice(at, at + 7777));
      c.close();
    },
  });
}
async function seal(text: string, passphrase: string): Promise<Uint8Array> {
  return await bytesOf(encryptArchive(streamOf(new TextEncoder().encode(text)), passphrase));
}
async function open(archive: Uint8Array, passphrase: string): Promise<string> {
  return new TextDecoder().decode(await bytesOf(decryptArchive(streamOf(archive), passphrase)));
}
async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ArchiveError, String(e));
    return e.code;
  }
  return "opened";
}

// Random text does not compress: several 64 KiB chunks.
const big = Array.from({ length: 30_000 }, () => crypto.randomUUID()).join("\n");

Deno.test("archive: what goes in comes out, and none of it is readable in the file", async () => {
  const archive = await seal(big, "correct horse battery");
  assert.ok(archive.length > 3 * 64 * 1024);
  assert.equal(await open(archive, "correct horse battery"), big);
  const asText = new TextDecoder("latin1").decode(archive);
  assert.equal(asText.includes(big.slice(0, 36)), false);
  // Two archives of the same text differ (salt and nonces are random).
  assert.notDeepEqual(
    (await seal("same", "correct horse battery")).slice(8),
    (await seal("same", "correct horse battery")).slice(8),
  );
});

Deno.test("archive: wrong passphrase, cut off, altered, reordered or not a backup: each refused by name", async () => {
  const archive = await seal(big, "correct horse battery");
  assert.equal(await code(open(archive, "wrong horse battery")), "backup.wrongPassphrase");
  assert.equal(await code(open(archive.slice(0, archive.length - 100), "correct horse battery")), "backup.damaged");
  // Cut exactly after a whole chunk that is not the last one.
  const firstChunk = 36 + 5 + new DataView(archive.buffer).getUint32(37);
  assert.equal(await code(open(archive.slice(0, firstChunk), "correct horse battery")), "backup.damaged");
  const altered = archive.slice();
  altered[firstChunk + 100] ^= 1;
  assert.equal(await code(open(altered, "correct horse battery")), "backup.damaged");
  assert.equal(await code(open(new TextEncoder().encode('{"tables":{}}'), "x")), "backup.notABackup");
  const extra = new Uint8Array(archive.length + 1);
  extra.set(archive);
  assert.equal(await code(open(extra, "correct horse battery")), "backup.damaged");
  assert.equal(await open(await seal("", "correct horse battery"), "correct horse battery"), "");
});
