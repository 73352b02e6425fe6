/**
 * Every answer an API test receives through `testApp().app.request` is checked against the route's
 * contract (src/lib/api-contract.ts): an undocumented status, a wrong media type or a JSON body
 * its schema refuses throws from `request`, so the test that made the call fails with the route,
 * status and first issue. The JSON body is parsed from a clone only for JSON answers; other media
 * types (CSV, PDF, files, SSE) are checked by content type alone.
 */
import { TrieRouter } from "hono/router/trie-router";
import type { z } from "zod";
import { type Answer, answers, routeContracts } from "../../src/lib/api-contract.ts";

interface Compiled {
  key: string;
  answers: Map<number, Answer>;
}

/** Routes set CONTRACT_CHECK=0 in the environment to skip the check (e.g. while measuring). */
const enabled = Deno.env.get("CONTRACT_CHECK") !== "0";

const cache = new WeakMap<object, TrieRouter<Compiled>>();

function routerFor(app: { routes: { method: string; path: string; handler: unknown }[] }) {
  let router = cache.get(app);
  if (router) return router;
  router = new TrieRouter<Compiled>();
  for (const [key, facts] of routeContracts(app.routes)) {
    // A route without a declared answer is reported by openapi-contract.test.ts, not by every test calling it.
    if (!facts.contract.ok && !facts.contract.status) continue;
    router.add(facts.method, facts.path, { key, answers: answers(facts) });
  }
  cache.set(app, router);
  return router;
}

export class ContractViolation extends Error {
  override name = "ContractViolation";
}

/** Checks one answer; throws a ContractViolation naming the route, status and first issue. */
export async function checkAnswer(
  app: { routes: { method: string; path: string; handler: unknown }[] },
  method: string,
  pathname: string,
  res: Response,
): Promise<void> {
  if (!enabled || method === "HEAD" || method === "OPTIONS") return;
  if (!pathname.startsWith("/api/")) return;
  const [matches] = routerFor(app).match(method, pathname);
  const route = matches[0]?.[0];
  if (!route) return; // no such route: the catch-all's 404 (generic.noRoute)
  if (res.status === 500) return; // a bug the test reports itself (the logged error fails it)
  const answer = route.answers.get(res.status);
  if (!answer) {
    throw new ContractViolation(
      `${route.key} answered ${res.status}, which its contract does not declare (documented: ${
        [...route.answers.keys()].join(", ")
      }): declare it in the route's guard (errors: [${res.status}])`,
    );
  }
  const type = res.headers.get("content-type") ?? "";
  const media = [answer.media ?? []].flat();
  if (
    media.length && !media.includes("*/*") && res.body &&
    !media.some((m) => m.endsWith("/*") ? type.startsWith(m.slice(0, -1)) : type.startsWith(m))
  ) {
    throw new ContractViolation(`${route.key} answered ${res.status} as "${type}", documented "${answer.media}"`);
  }
  if (!answer.schema || !type.startsWith("application/json")) return;
  const body = await res.clone().json();
  const result = (answer.schema as z.ZodType).safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ContractViolation(
      `${route.key} answered ${res.status} with a body its documented schema refuses: at "${
        issue.path.join(".")
      }": ${issue.message} (body: ${JSON.stringify(body).slice(0, 300)})`,
    );
  }
}
