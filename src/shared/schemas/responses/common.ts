/**
 * Building blocks of the API's response schemas (the contract of src/lib/api-contract.ts). The
 * schemas describe the JSON the client receives: timestamps are ISO 8601 strings, numeric(14,2)
 * money is a decimal string.
 */
import { z } from "zod";

/** A timestamptz as JSON: ISO 8601 in UTC. */
export const timestamp = z.string().meta({ format: "date-time" });
/** A date column (yyyy-mm-dd) or a timestamp, as the query returns it. */
export const dateText = z.string();
/** numeric(14,2) and other exact decimals: a string such as "1315.00". */
export const decimal = z.string();
/** A count or id. */
export const int = z.number().int();

export const okSchema = z.object({ ok: z.literal(true) });
export const messageSchema = z.looseObject({ message: z.string() });

/**
 * A value as JSON.stringify leaves it: dates become strings. `Wire<Row>` is what a client of a
 * handler returning `Row` receives.
 */
export type Wire<T> = T extends Date ? string
  : T extends (infer U)[] ? Wire<U>[]
  : T extends readonly (infer U)[] ? readonly Wire<U>[]
  : T extends object ? { [K in keyof T]: Wire<T[K]> }
  : T;
