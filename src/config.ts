/**
 * The only module that reads the environment. Everything is parsed with zod up front so a bad
 * value stops start-up with one line naming the variable, instead of failing later at run time.
 */
import { z } from "zod";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const optionalUrl = z.string().url().optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://").optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1500),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  DATA_DIR: z.string().min(1).default("./data"),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SEALED_BID_KEY: z.string().regex(/^[A-Za-z0-9+/]{43}=$/, "must be 32 bytes, base64").optional(),
  PUBLIC_URL: optionalUrl,
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  TRUST_PROXY: bool.default(false),
  SENDGRID_BASE_URL: optionalUrl,
  SMTP2GO_BASE_URL: optionalUrl,
  WHATSAPP_BASE_URL: optionalUrl,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  STORAGE_RESERVE_MB: z.coerce.number().min(0).default(256),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  // Whole list answers kept per instance, invalidated by database notifications (src/lib/list-cache.ts); 0: off.
  LIST_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).optional(),
  // Signed audit checkpoints (src/audit/checkpoint.ts): every N entries and on a schedule, to a file.
  AUDIT_CHECKPOINT_EVERY: z.coerce.number().int().min(1).max(1_000_000).default(100),
  AUDIT_CHECKPOINT_INTERVAL_MS: z.coerce.number().int().min(1000).default(30_000),
  AUDIT_CHECKPOINT_FILE: z.string().min(1).optional(),
  // Per-address limits on public writes; the test default is high, tests that check a limit set it.
  RATE_LIMIT_REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_SIGN_INS_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_SET_PASSWORD_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  // OCR quotation import (src/ocr): worker pool size and per-document / per-vendor limits.
  OCR_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  OCR_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  OCR_MAX_PAGES: z.coerce.number().int().min(1).max(500).default(20),
  OCR_MAX_MEGAPIXELS: z.coerce.number().int().min(1).max(400).default(40),
  OCR_JOBS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  OCR_TESSDATA_DIR: z.string().min(1).optional(),
  // OCDS export (src/features/ocds): ocid = <prefix>-<request number>; a registered prefix looks like ocds-213czf.
  OCDS_PREFIX: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/, "must be letters, digits and hyphens").default(
    "ocds-procurement",
  ),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a valid bucket name").optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  databaseUrl?: string;
  poolMax: number;
  /** PostgreSQL: give up connecting after this long (an outage answers 503 quickly). */
  dbConnectTimeoutMs: number;
  /** PostgreSQL statement_timeout (0: none); a statement with no answer at all is abandoned a second later. */
  dbStatementTimeoutMs: number;
  dataDir: string;
  jwtSecret?: string;
  sealedBidKey?: string;
  publicUrl?: string;
  /** Seed demo data into an empty database; defaults to on, except in production. */
  seedDemo: boolean;
  logLevel: Env["LOG_LEVEL"];
  trustProxy: boolean;
  providers: { sendgrid?: string; smtp2go?: string; whatsapp?: string };
  shutdownTimeoutMs: number;
  /** On SIGTERM: how long the instance keeps answering (not ready, connections closed after each answer) before it stops accepting. */
  shutdownDrainMs: number;
  /** Embedded database only: free disk kept in reserve under DATA_DIR; writes stop (507) before it is used. */
  storageReserveBytes: number;
  /** How long a signed-in user's row may be reused between requests on one instance (0: never). */
  sessionCacheMs: number;
  /** How many list answers an instance keeps (0: none; docs/decisions/017-list-answer-cache.md). */
  listCacheEntries: number;
  /** Signed audit chain checkpoints: every `every` entries and every `intervalMs`, appended to `file`. */
  auditCheckpoints: { every: number; intervalMs: number; file: string };
  /** Requests per address allowed on the public writes (429 with Retry-After beyond). */
  rateLimits: { registrationsPerHour: number; signInsPerMinute: number; setPasswordsPerMinute: number };
  /** OCR import: worker pool size (0: this instance runs no OCR jobs), limits per document and per vendor. */
  ocr: {
    workers: number;
    timeoutMs: number;
    maxPages: number;
    maxMegapixels: number;
    jobsPerHour: number;
    tessdataDir?: string;
  };
  /** OCDS export: the ocid prefix (OCDS_PREFIX). */
  ocdsPrefix: string;
  /** S3-compatible object storage for uploaded files; undefined keeps files in the database. */
  s3?: { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };
}

export class ConfigError extends Error {}

export function parseConfig(source: Record<string, string | undefined>): Config {
  // Empty strings count as unset, as docker/fly often pass VAR= for optional values.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production") {
    for (const key of ["JWT_SECRET", "SEALED_BID_KEY", "DATABASE_URL"] as const) {
      if (!e[key]) throw new ConfigError(`Invalid configuration: ${key}: required when NODE_ENV=production`);
    }
  }
  let s3: Config["s3"];
  if (e.S3_BUCKET) {
    for (const key of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!e[key]) throw new ConfigError(`Invalid configuration: ${key}: required when S3_BUCKET is set`);
    }
    s3 = {
      endpoint: e.S3_ENDPOINT!,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    };
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    poolMax: e.DATABASE_POOL_MAX,
    dbConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    dataDir: e.DATA_DIR,
    jwtSecret: e.JWT_SECRET,
    sealedBidKey: e.SEALED_BID_KEY,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== "production",
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    providers: { sendgrid: e.SENDGRID_BASE_URL, smtp2go: e.SMTP2GO_BASE_URL, whatsapp: e.WHATSAPP_BASE_URL },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    storageReserveBytes: Math.round(e.STORAGE_RESERVE_MB * 1024 * 1024),
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    sessionCacheMs: e.SESSION_CACHE_MS ?? (e.NODE_ENV === "test" ? 0 : 2000),
    // Off in tests by default, as the session cache: many write with SQL behind the API and read at once.
    listCacheEntries: e.LIST_CACHE_ENTRIES ?? (e.NODE_ENV === "test" ? 0 : 1000),
    auditCheckpoints: {
      every: e.AUDIT_CHECKPOINT_EVERY,
      intervalMs: e.AUDIT_CHECKPOINT_INTERVAL_MS,
      file: e.AUDIT_CHECKPOINT_FILE ?? `${e.DATA_DIR}/audit-checkpoints.jsonl`,
    },
    rateLimits: {
      registrationsPerHour: e.RATE_LIMIT_REGISTRATIONS_PER_HOUR ?? (e.NODE_ENV === "test" ? 10_000 : 10),
      signInsPerMinute: e.RATE_LIMIT_SIGN_INS_PER_MINUTE ?? (e.NODE_ENV === "test" ? 10_000 : 100),
      setPasswordsPerMinute: e.RATE_LIMIT_SET_PASSWORD_PER_MINUTE ?? (e.NODE_ENV === "test" ? 10_000 : 20),
    },
    ocr: {
      workers: e.OCR_WORKERS,
      timeoutMs: e.OCR_TIMEOUT_MS,
      maxPages: e.OCR_MAX_PAGES,
      maxMegapixels: e.OCR_MAX_MEGAPIXELS,
      jobsPerHour: e.OCR_JOBS_PER_HOUR,
      tessdataDir: e.OCR_TESSDATA_DIR,
    },
    ocdsPrefix: e.OCDS_PREFIX,
    s3,
  };
}

export function loadConfig(): Config {
  return parseConfig(Deno.env.toObject());
}
