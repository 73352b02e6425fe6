import { testDb } from "./tests/helpers/db.ts";
const t = performance.now();
for (let i = 0; i < 6; i++) { const { db, close } = await testDb(); await db.query("select 1"); await close(); }
console.log("6 testDb", Math.round(performance.now() - t));
