/**
 * A throwaway PostgreSQL cluster for the test run: temp directory, free port on 127.0.0.1, unix
 * socket inside the temp directory, trust authentication, durability off (nothing here must
 * survive). initdb refuses to run as root, so as root the server runs as the `postgres` user.
 */

export interface Cluster {
  url: string;
  version: string;
  /** Stop the server and delete its directory; safe to call twice. */
  stop(): Promise<void>;
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    const info = await Deno.stat(path);
    return info.isFile && ((info.mode ?? 0o111) & 0o111) !== 0;
  } catch {
    return false;
  }
}

/** A directory holding initdb and pg_ctl: PATH first, then Debian's /usr/lib/postgresql/<version>/bin, newest first. */
export async function findPostgresBin(): Promise<string | undefined> {
  const dirs = (Deno.env.get("PATH") ?? "").split(":").filter(Boolean);
  try {
    const versions: string[] = [];
    for await (const e of Deno.readDir("/usr/lib/postgresql")) versions.push(e.name);
    versions.sort((a, b) => Number(b) - Number(a) || b.localeCompare(a));
    dirs.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  } catch {
    // not Debian-style, or not installed
  }
  for (const dir of dirs) {
    if (await isExecutable(`${dir}/initdb`) && await isExecutable(`${dir}/pg_ctl`)) return dir;
  }
  return undefined;
}

export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

async function run(cmd: string[], what: string): Promise<string> {
  const out = await new Deno.Command(cmd[0], { args: cmd.slice(1), stdout: "piped", stderr: "piped", stdin: "null" })
    .output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${what} failed (exit ${out.code}):\n${text.trim()}`);
  return text;
}

async function idOf(flag: "-u" | "-g", user: string): Promise<number> {
  return Number((await run(["id", flag, user], `id ${flag} ${user}`)).trim());
}

/** Start a cluster with the binaries in `bin`. Throws with the server log when it cannot start. */
export async function startCluster(bin: string): Promise<Cluster> {
  const root = await Deno.makeTempDir({ prefix: "procurement-pg-" });
  const data = `${root}/data`;
  const log = `${root}/server.log`;
  let asUser: string[] = [];
  if (Deno.uid() === 0) {
    const [uid, gid] = [await idOf("-u", "postgres"), await idOf("-g", "postgres")];
    await Deno.chown(root, uid, gid);
    const runuser = await isExecutable("/usr/sbin/runuser") || await isExecutable("/sbin/runuser");
    asUser = runuser
      ? ["runuser", "-u", "postgres", "--"]
      : ["setpriv", `--reuid=${uid}`, `--regid=${gid}`, "--clear-groups"];
  }
  let started = false;
  let stopping: Promise<void> | undefined;
  // Memoised: a Ctrl-C handler and the normal path may both call it; both wait for the same stop.
  const stop = () =>
    stopping ??= (async () => {
      if (started) {
        await run([...asUser, `${bin}/pg_ctl`, "-D", data, "-m", "immediate", "-w", "stop"], "pg_ctl stop")
          .catch((e) => {
            // Ctrl-C in a terminal reaches the server too; it may already be gone.
            if (!/Is server running\?|No such file/.test(String(e))) console.warn(String(e));
          });
      }
      await Deno.remove(root, { recursive: true }).catch(() => {});
    })();
  try {
    const version = (await run([`${bin}/pg_ctl`, "--version"], "pg_ctl --version")).trim();
    await run(
      [
        ...asUser,
        `${bin}/initdb`,
        "-D",
        data,
        "-U",
        "postgres",
        "-A",
        "trust",
        "-E",
        "UTF8",
        "--locale=C",
        "--no-sync",
      ],
      "initdb",
    );
    const port = freePort();
    const options = [
      `-p ${port}`,
      `-k ${root}`,
      "-c listen_addresses=127.0.0.1",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=200",
    ].join(" ");
    started = true;
    try {
      await run(
        [...asUser, `${bin}/pg_ctl`, "-D", data, "-l", log, "-w", "-t", "60", "-o", options, "start"],
        "pg_ctl start",
      );
    } catch (e) {
      const serverLog = await Deno.readTextFile(log).catch(() => "");
      throw new Error(`${(e as Error).message}\n${serverLog}`);
    }
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
