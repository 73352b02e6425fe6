/** Downloads of stored files: staff and the file's owner only; sealed (encrypted) files to nobody. */
import { Hono } from "hono";
import { signedIn } from "../../auth/guard.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { Forbidden, NotFound } from "../../lib/errors.ts";
import { validate } from "../../lib/validate.ts";
import { idParamSchema } from "../../shared/schemas/users.ts";
import { fileBytes, fileMeta } from "../../files/storage.ts";

const INLINE = new Set(["application/pdf", "image/png", "image/jpeg"]);

export const fileRoutes = new Hono<AppEnv>().get(
  "/api/files/:id",
  signedIn({
    tags: ["files"],
    summary: "Download a file (staff, or the vendor who uploaded it)",
    ok: { media: "*/*", description: "The file, with its stored content type" },
  }),
  validate("param", idParamSchema),
  async (c) => {
    const me = c.get("user")!;
    const { db } = c.get("deps");
    const meta = await fileMeta(db, c.req.valid("param").id);
    if (!meta) throw new NotFound("files.notFound");
    const isStaff = me.role !== "vendor";
    if (!isStaff && meta.ownerUserId !== me.id) throw new Forbidden("files.forbidden");
    if (meta.encrypted) throw new Forbidden("files.sealed");
    const bytes = await fileBytes(db, meta.id, c.get("deps").objectStore);
    if (!bytes) throw new NotFound("files.notFound");
    const disposition = INLINE.has(meta.contentType) ? "inline" : "attachment";
    // Header values are bytes: the plain filename= is an ASCII fallback, filename*= carries the real name.
    const asciiName = meta.filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "");
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": meta.contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `${disposition}; filename="${asciiName}"; filename*=UTF-8''${
        encodeURIComponent(meta.filename)
      }`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      // A file is never a page of our origin: no scripts even if a viewer would run them.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  },
);
