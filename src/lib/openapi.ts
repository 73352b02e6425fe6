/**
 * The OpenAPI 3.1 document, generated from the route declarations (src/lib/api-contract.ts) and
 * validators. The reference page that reads it is src/lib/api-docs.ts.
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

/** The shape of this document, as its route declares it. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({}).optional(),
});
