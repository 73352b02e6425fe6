import type { Config } from "../config.ts";
import type { Db } from "../db/types.ts";
import type { Logger } from "./logger.ts";
import type { Secrets } from "./secrets.ts";
import type { StorageGuard } from "./storage-guard.ts";
import type { RoleName } from "../shared/roles.ts";
import type { ObjectStore } from "../files/s3.ts";
import type { SessionCache } from "../auth/session-cache.ts";
import type { ListCache } from "./list-cache.ts";

/** Everything a request handler may need, passed to createApp (tests pass their own). */
export interface Deps {
  db: Db;
  config: Config;
  secrets: Secrets;
  logger: Logger;
  version: string;
  /** Directory of the built SPA; undefined means the API only. */
  webRoot?: string;
  /** Embedded database seeded with the demo organisation: the login screen may show demo sign-ins. */
  demoMode: boolean;
  /** Object storage for uploads when S3_* is configured; files stay in the database otherwise. */
  objectStore?: ObjectStore;
  /**
   * `draining`: the instance is stopping (/readyz answers 503, every answer closes its connection).
   * `afterRestore`: what the process does once the database was replaced from a backup (the audit
   * checkpointer signs the restored chain afresh).
   */
  lifecycle?: { draining: boolean; afterRestore?: () => Promise<void> };
  /** The embedded database's disk: writes stop with 507 before it is full (storage-guard.ts). */
  storage?: StorageGuard;
  /** This instance's OCR runner (src/features/ocr/service.ts), poked after an upload; absent: another instance reads. */
  ocr?: { poke(): void };
}

/** The signed-in user as every handler sees it. */
export interface SessionUser {
  id: number;
  email: string;
  username: string | null;
  firstName: string;
  lastName: string;
  roleId: number;
  role: RoleName;
  roleDisplayName: string;
  mustChangePassword: boolean;
  tokenVersion: number;
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    requestId: string;
    user: SessionUser | null;
    /** The signed-in session's id (the token's `sid`), for signing exactly this session out. */
    sessionId?: string;
    sessionCache: SessionCache;
    /** This instance's list answers (src/lib/list-cache.ts). */
    listCache: ListCache;
  };
};
