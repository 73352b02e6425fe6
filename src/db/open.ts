import type { Config } from "../config.ts";
import type { Db } from "./types.ts";

type OpenConfig =
  & Pick<Config, "databaseUrl" | "poolMax" | "dataDir">
  & Partial<Pick<Config, "dbConnectTimeoutMs" | "dbStatementTimeoutMs">>;

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR/pgdata. */
export async function openDatabase(config: OpenConfig): Promise<Db> {
  if (config.databaseUrl) {
    const { openPostgres } = await import("./postgres.ts");
    return openPostgres(config.databaseUrl, config.poolMax, {
      connectTimeoutMs: config.dbConnectTimeoutMs,
      statementTimeoutMs: config.dbStatementTimeoutMs,
    });
  }
  await Deno.mkdir(config.dataDir, { recursive: true });
  const { openPglite } = await import("./pglite.ts");
  return openPglite(`${config.dataDir}/pgdata`);
}
