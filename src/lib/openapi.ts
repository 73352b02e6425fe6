/**
 * The OpenAPI 3.1 document, generated from the route declarations and validators, and a
 * reference page rendered on the server (no CDN script: the CSP and the closed network forbid it).
 */
import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import { z } from "zod";
import type { AppEnv } from "./deps.ts";
import { answers, errorBodySchema, openapiPath, routeContracts } from "./api-contract.ts";

type Operation = { responses?: Record<string, unknown> };

export async function buildOpenApi(app: Hono<AppEnv>, version: string) {
  const spec = await generateSpecs(app, {
    // Our only dotted path is /api/openapi.json itself, which belongs in the document.
    excludeStaticFile: false,
    // hono-openapi's default 400 (`{success, error, data}`) is not what the API answers: the
    // error answers below come from the route's contract.
    defaultValidationErrorResponse: false,
    documentation: {
      openapi: "3.1.0",
      info: {
        title: "Procurement API",
        version,
        description:
          "Purchase requests, bidding, quotations, vendors and administration. Sign in sets the session cookie.",
      },
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: "session" } },
      },
    },
  });
  const { $schema: _, ...error } = z.toJSONSchema(errorBodySchema) as Record<string, unknown>;
  spec.components ??= {};
  spec.components.schemas = { ...spec.components.schemas, Error: error as never };
  for (const facts of routeContracts(app.routes).values()) {
    const op = (spec.paths?.[openapiPath(facts.path)] as Record<string, Operation> | undefined)?.[
      facts.method.toLowerCase()
    ];
    if (!op) continue;
    op.responses ??= {};
    for (const [status, answer] of answers(facts)) {
      const other = facts.contract.also?.[status];
      if (answer.schema !== errorBodySchema && !other) continue;
      const { $schema: _s, ...schema } = other
        ? z.toJSONSchema(other, { unrepresentable: "any" }) as Record<string, unknown>
        : { $ref: "#/components/schemas/Error" };
      op.responses[status] = { description: answer.description, content: { "application/json": { schema } } };
    }
  }
  return spec;
}

const escape = (s: unknown) =>
  String(s ?? "").replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

type Op = { summary?: string; tags?: string[]; "x-permission"?: string; "x-public"?: boolean; "x-roles"?: string[] };

export function renderDocsPage(spec: { info: { title: string; version: string }; paths?: Record<string, unknown> }) {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const [method, raw] of Object.entries(item as Record<string, Op>)) {
      const op = raw as Op;
      const access = op["x-public"] ? "public" : op["x-permission"] ?? (op["x-roles"]?.join(", ") || "signed in");
      rows.push(
        `<tr><td><code>${escape(method.toUpperCase())}</code></td><td><code>${escape(path)}</code></td><td>${
          escape(op.summary)
        }</td><td><code>${escape(access)}</code></td></tr>`,
      );
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(spec.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:start}code{font-size:.9em}</style></head>
<body><h1>${escape(spec.info.title)} <small>${escape(spec.info.version)}</small></h1>
<p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a></p>
<table><thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Access</th></tr></thead><tbody>${
    rows.join("")
  }</tbody></table></body></html>`;
}
