/**
 * The email providers as the end-to-end server sees them: one local HTTP "edge" whose URL the server
 * gets as SMTP2GO_BASE_URL / SENDGRID_BASE_URL. By default it passes every request on to the fake
 * providers of tests/helpers/fake-providers.ts (which accept and record it), so the shared server
 * never reaches a real provider whatever a test file configured. A test file that wants to answer
 * the server itself (refuse a message, read what arrived) starts its own small provider and routes
 * the edge to it for as long as it needs:
 *
 *   PUT    /__e2e/route     {"target": "http://127.0.0.1:<port>"}   provider traffic goes there
 *   DELETE /__e2e/route                                             back to the default fake
 *   GET    /__e2e/requests                                          what the default fake recorded
 *
 * The edge lives in the process that started the server (tests/run.ts through shared.ts, or the
 * test file itself when it runs alone), so test files reach it over HTTP: E2E_EMAIL_URL.
 */
import { startFakeProviders } from "../helpers/fake-providers.ts";

export interface EmailEdge {
  /** http://127.0.0.1:<port>: the control routes above live under it. */
  url: string;
  /** For the server's environment. */
  env: { SMTP2GO_BASE_URL: string; SENDGRID_BASE_URL: string };
  stop(): Promise<void>;
}

export function startEmailEdge(): EmailEdge {
  const fake = startFakeProviders();
  let target: string | null = null;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    if (url.pathname === "/__e2e/route") {
      if (req.method === "PUT") {
        const body = await req.json() as { target?: unknown };
        if (typeof body.target !== "string") return Response.json({ error: "target must be a URL" }, { status: 400 });
        target = body.target.replace(/\/$/, "");
      } else if (req.method === "DELETE") {
        await req.body?.cancel();
        target = null;
      } else {
        return Response.json({ error: "PUT or DELETE" }, { status: 405 });
      }
      return Response.json({ target });
    }
    if (url.pathname === "/__e2e/requests") {
      return Response.json(fake.requests.map(({ provider, path, to, status, state }) => ({
        provider,
        path,
        to,
        status,
        state,
      })));
    }
    const upstream = await fetch(`${target ?? fake.baseUrl}${url.pathname}${url.search}`, {
      method: req.method,
      headers: req.headers,
      body: req.body ? await req.arrayBuffer() : undefined,
    });
    return new Response(await upstream.arrayBuffer(), { status: upstream.status, headers: upstream.headers });
  });
  const url = `http://127.0.0.1:${server.addr.port}`;
  return {
    url,
    env: { SMTP2GO_BASE_URL: `${url}/v3`, SENDGRID_BASE_URL: url },
    async stop() {
      await server.shutdown();
      await fake.close();
    },
  };
}
