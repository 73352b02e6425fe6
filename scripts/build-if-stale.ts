/**
 * Builds the SPA when web/dist is missing or older than any source it is built from, so
 * `npm start` on a fresh clone just works and a second start does not rebuild.
 */
const root = new URL("../", import.meta.url).pathname;
const output = `${root}web/dist/index.html`;

async function newest(path: string): Promise<number> {
  const info = await Deno.stat(path);
  if (!info.isDirectory) return info.mtime?.getTime() ?? 0;
  let max = 0;
  for await (const entry of Deno.readDir(path)) {
    if (entry.name === "dist" || entry.name === "node_modules") continue;
    max = Math.max(max, await newest(`${path}/${entry.name}`));
  }
  return max;
}

// Production images ship a built SPA and no Node.js; never try to rebuild there.
if (Deno.env.get("NODE_ENV") === "production") Deno.exit(0);

let built = 0;
try {
  built = (await Deno.stat(output)).mtime?.getTime() ?? 0;
} catch { /* not built yet */ }

const sources = Math.max(
  await newest(`${root}web`),
  await newest(`${root}src/shared`),
  await newest(`${root}vite.config.ts`),
  await newest(`${root}package-lock.json`).catch(() => 0),
);

if (built >= sources) Deno.exit(0);
console.log("Building the web app...");
const { code } = await new Deno.Command("node", {
  args: [`${root}node_modules/vite/bin/vite.js`, "build", "--logLevel", "warn"],
  cwd: root,
  stdout: "inherit",
  stderr: "inherit",
}).output();
Deno.exit(code);
