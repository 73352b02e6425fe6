/**
 * Evaluation of quotations by a request's method (spec section 9), shared by API and SPA. Pure
 * functions over integers: money in cents, scores in hundredths (85.5 -> 8550). Ratios are computed
 * exactly with BigInt and rounded half-up to two decimals once, at the end, so no float drift.
 *
 * - lowest_price: total ascending (tie: higher technical score first).
 * - technical_merit: technical score descending, unscored last (tie: lower total first).
 * - combined_scoring: priceScore = lowestTotal / thisTotal x 100,
 *   combined = (priceWeight x priceScore + technicalWeight x technicalScore) / 100; descending,
 *   unscored last (tie: lower total first).
 * Entries equal on every key share a rank (1, 1, 3).
 */
import type { EVALUATION_METHODS } from "./schemas/bids.ts";

export type EvaluationMethod = (typeof EVALUATION_METHODS)[number];

export const DEFAULT_PRICE_WEIGHT = 60;
export const DEFAULT_TECHNICAL_WEIGHT = 40;

export interface Candidate {
  id: number;
  totalCents: number;
  /** 0 to 100 with at most two decimals, or null when not scored yet. */
  technicalScore: number | null;
}

export interface Evaluated {
  id: number;
  rank: number;
  isLowestTotal: boolean;
  /** lowest total / this total x 100, two decimals. */
  priceScore: number;
  /** Only for combined_scoring with a technical score; otherwise null. */
  combinedScore: number | null;
}

export interface EvaluationOptions {
  method: EvaluationMethod;
  priceWeight?: number;
  technicalWeight?: number;
}

/** a / b rounded half-up, for a >= 0 and b > 0. */
function roundDiv(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** 85.5 -> 8550; "85.50" -> 8550; null stays null. */
export function toHundredths(score: number | string | null | undefined): number | null {
  if (score === null || score === undefined || score === "") return null;
  const n = typeof score === "number" ? score : Number(score);
  if (!Number.isFinite(n)) return null;
  return Math.round(n * 100);
}

export const fromHundredths = (h: number): number => h / 100;

/** Price score in hundredths: lowest / total x 100 (10000 = 100.00). A zero total scores 100. */
export function priceScoreHundredths(lowestCents: number, totalCents: number): number {
  if (totalCents <= 0) return 10_000;
  return Number(roundDiv(BigInt(lowestCents) * 10_000n, BigInt(totalCents)));
}

/**
 * Combined score in hundredths from the exact price ratio (not the rounded price score):
 * (pw x lowest/total x 100 + tw x technical) / 100.
 */
export function combinedScoreHundredths(
  lowestCents: number,
  totalCents: number,
  technicalHundredths: number,
  priceWeight: number,
  technicalWeight: number,
): number {
  const pw = BigInt(priceWeight), tw = BigInt(technicalWeight), tech = BigInt(technicalHundredths);
  if (totalCents <= 0) return Number(roundDiv(pw * 10_000n + tw * tech, 100n));
  const total = BigInt(totalCents);
  // Everything over the common denominator 100 x total, in hundredths.
  const numerator = pw * BigInt(lowestCents) * 10_000n + tw * tech * total;
  return Number(roundDiv(numerator, 100n * total));
}

/** True for every minimum of the present values (ties all flagged); null entries are never lowest. */
export function lowestFlags(values: readonly (number | null)[]): boolean[] {
  const present = values.filter((v): v is number => v !== null);
  if (!present.length) return values.map(() => false);
  const min = Math.min(...present);
  return values.map((v) => v !== null && v === min);
}

type Key = (number | null)[];

/** Compare keys where every component is "smaller is better"; null sorts after any number. */
function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i], y = b[i];
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return x - y;
  }
  return 0;
}

/** Ranks candidates by the method; the result is in the input's order. */
export function evaluateQuotations(candidates: readonly Candidate[], opts: EvaluationOptions): Evaluated[] {
  const priceWeight = opts.priceWeight ?? DEFAULT_PRICE_WEIGHT;
  const technicalWeight = opts.technicalWeight ?? DEFAULT_TECHNICAL_WEIGHT;
  const lowestTotal = candidates.length ? Math.min(...candidates.map((c) => c.totalCents)) : 0;
  const lowest = lowestFlags(candidates.map((c) => c.totalCents));

  const scored = candidates.map((c, i) => {
    const tech = toHundredths(c.technicalScore);
    const combined = opts.method === "combined_scoring" && tech !== null
      ? combinedScoreHundredths(lowestTotal, c.totalCents, tech, priceWeight, technicalWeight)
      : null;
    const key: Key = opts.method === "lowest_price"
      ? [c.totalCents, tech === null ? null : -tech]
      : opts.method === "technical_merit"
      ? [tech === null ? null : -tech, c.totalCents]
      : [combined === null ? null : -combined, c.totalCents];
    return { c, i, tech, combined, key };
  });

  return scored.map((s) => ({
    id: s.c.id,
    rank: 1 + scored.filter((o) => compareKeys(o.key, s.key) < 0).length,
    isLowestTotal: lowest[s.i],
    priceScore: fromHundredths(priceScoreHundredths(lowestTotal, s.c.totalCents)),
    combinedScore: s.combined === null ? null : fromHundredths(s.combined),
  }));
}
