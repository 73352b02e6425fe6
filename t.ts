import { openPglite } from "./src/db/pglite.ts";
import { migrate, migrationStatus } from "./src/db/migrate.ts";
const db = await openPglite();
console.log(await migrate(db));
console.log(await migrate(db));
await db.query("insert into audit_logs (action, entity_type, metadata) values ('LOGIN','user','{}')");
await db.query("insert into audit_logs (action, entity_type, metadata) values ('CREATE','user','{\"a\":1}')");
console.log(await db.query("select id, prev_hash, hash, audit_row_hash(prev_hash, audit_logs) = hash ok from audit_logs order by id"));
try { await db.query("update audit_logs set action='X'"); } catch (e) { console.log("refused:", (e as Error).message); }
console.log(await migrationStatus(db));
