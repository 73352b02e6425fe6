import { openPglite } from "./src/db/pglite.ts";
import { migrate } from "./src/db/migrate.ts";
import { PGlite } from "@electric-sql/pglite";
let t = performance.now();
const lap = (l: string) => { console.log(l, Math.round(performance.now() - t)); t = performance.now(); };
const dir = await Deno.makeTempDir();
const db = await openPglite(dir + "/tpl"); lap("open fs");
await migrate(db); lap("migrate");
await db.close(); lap("close");
for (let i = 0; i < 3; i++) {
  await new Deno.Command("cp", { args: ["-r", dir + "/tpl", dir + "/c" + i] }).output(); lap("cp");
  const d2 = await openPglite(dir + "/c" + i); lap("open copy");
  console.log((await d2.query("select count(*)::int n from schema_migrations"))[0]);
  await d2.close();
}
const m = await openPglite(); lap("open mem");
await migrate(m); lap("migrate");
const m2 = await openPglite(); lap("open mem2");
const raw = await PGlite.create(); lap("raw create");
await raw.exec((await Deno.readTextFile("sql/0001_init.sql"))); lap("raw migrate");
const c = await raw.clone(); lap("clone");
const c2 = await raw.clone(); lap("clone");
const c3 = await raw.clone(); lap("clone");
await Deno.remove(dir, { recursive: true });
