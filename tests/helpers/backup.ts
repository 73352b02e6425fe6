/** The admin backup as tests read it: taken through the API, opened with its passphrase, as text. */
import { decryptArchive } from "../../src/backup/archive.ts";

export const TEST_BACKUP_PASSPHRASE = "tests' backup passphrase";

type Requester = (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

/** Everything readable with the passphrase (rows encrypted with the server key stay base64 ciphertext). */
export async function backupText(request: Requester): Promise<string> {
  const res = await request("/api/admin/backup-database", {
    method: "POST",
    json: { passphrase: TEST_BACKUP_PASSPHRASE },
  });
  if (res.status !== 200) throw new Error(`backup answered ${res.status}: ${await res.text()}`);
  return await new Response(decryptArchive(res.body!, TEST_BACKUP_PASSPHRASE)).text();
}
