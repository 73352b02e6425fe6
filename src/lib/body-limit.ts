/** The cap on /api request bodies: Hono's bodyLimit, answering the API's 413 error (docs/decisions/006). */
import { bodyLimit } from "hono/body-limit";
import { except } from "hono/combine";
import { PayloadTooLarge } from "./errors.ts";

/** Uploads are at most 10 MB each; a request may carry a few of them plus fields. */
export const MAX_BODY_BYTES = 50 * 1024 * 1024;

/**
 * The one request whose body is not capped: a backup being restored is read as a stream and may be
 * as large as the database (the storage guard still weighs it).
 */
export const RESTORE_PATH = "/api/admin/restore-database";

export const apiBodyLimit = (maxSize = MAX_BODY_BYTES) =>
  except(
    RESTORE_PATH,
    bodyLimit({
      maxSize,
      onError: () => {
        throw new PayloadTooLarge("generic.payloadTooLarge");
      },
    }),
  );
