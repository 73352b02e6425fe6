/** Reading JSON or multipart bodies for routes that accept both (the spec's clients send either). */
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "./deps.ts";
import { BadRequest, UnsupportedMediaType, validationError } from "./errors.ts";
import type { ErrorCode } from "../shared/error-codes.ts";

export interface ParsedBody {
  fields: Record<string, unknown>;
  files: Record<string, File[]>;
}

export async function readJsonOrMultipart(c: Context<AppEnv>): Promise<ParsedBody> {
  const type = c.req.header("content-type") ?? "";
  if (type.startsWith("application/json")) {
    try {
      const json = await c.req.json();
      if (!json || typeof json !== "object" || Array.isArray(json)) throw new Error();
      return { fields: json as Record<string, unknown>, files: {} };
    } catch {
      throw new BadRequest("generic.malformedJson");
    }
  }
  if (type.startsWith("multipart/form-data")) {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      throw new BadRequest("generic.malformedMultipart");
    }
    const fields: Record<string, unknown> = {};
    const files: Record<string, File[]> = {};
    for (const [rawKey, value] of Object.entries(form)) {
      const key = rawKey.replace(/\[\]$/, "");
      const values = Array.isArray(value) ? value : [value];
      const fileValues = values.filter((v): v is File => v instanceof File);
      if (fileValues.length) files[key] = fileValues.filter((f) => f.size > 0 || f.name);
      const text = values.filter((v) => typeof v === "string");
      if (text.length) fields[key] = text.length === 1 && !rawKey.endsWith("[]") ? text[0] : text;
    }
    return { fields, files };
  }
  throw new UnsupportedMediaType("generic.unsupportedBody");
}

/** zod parse with the same 400 shape as the validator middleware. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) {
    const issues = r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw validationError(issues);
  }
  return r.data;
}

/**
 * A body of a route that takes its object as JSON, or as multipart with the object as JSON text in
 * one field beside the files: the object parsed with the schema, and the files. That field not
 * being JSON answers 400 with `code` (the route's own message, "<field> must be a JSON string").
 */
export async function readObjectAndFiles<S extends z.ZodType>(
  c: Context<AppEnv>,
  field: string,
  schema: S,
  code: ErrorCode,
): Promise<{ value: z.output<S>; files: ParsedBody["files"] }> {
  const { fields, files } = await readJsonOrMultipart(c);
  let raw: unknown = fields;
  const text = fields[field];
  if (typeof text === "string") {
    try {
      raw = JSON.parse(text);
    } catch {
      throw new BadRequest(code, [{ path: field, message: `${field} must be a JSON string` }]);
    }
  }
  return { value: parseWith(schema, raw), files };
}
