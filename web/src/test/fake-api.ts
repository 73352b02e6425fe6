/**
 * A fake API for component tests: answers the SPA's fetch calls from a table of routes and records
 * every request (method, path, JSON body). Call `restore()` in `finally`.
 */
export type Recorded = { method: string; path: string; body: unknown };

export function fakeApi(routes: Record<string, (body: unknown) => unknown>) {
  const original = globalThis.fetch;
  const calls: Recorded[] = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), "http://localhost:8000/").pathname;
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    if (!route) return Promise.resolve(Response.json({ message: `No fake for ${method} ${path}` }, { status: 404 }));
    return Promise.resolve(Response.json(route(body)));
  }) as typeof fetch;
  return {
    calls,
    writes: () => calls.filter((call) => call.method !== "GET"),
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/** The text of the error message tied (aria-describedby) to a form control. */
export function errorOf(control: Element): string | null {
  const ids = (control.getAttribute("aria-describedby") ?? "").split(" ");
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith("-error"))?.textContent ?? null;
}
