/** Response schemas: reports (figures as the report queries compute them; money as decimal strings). */
import { z } from "zod";
import { decimal, int, timestamp } from "./common.ts";

const amount = { amount: decimal, awards: int };
const nullableNumber = z.number().nullable();

export const spendReportSchema = z.object({
  total: z.object({ amount: decimal, awards: int, currencies: z.array(z.string()) }),
  byMonth: z.array(z.object({ ...amount, month: z.string() })),
  byCategory: z.array(z.object({ ...amount, categoryId: int.nullable(), name: z.string().nullable() })),
  byDepartment: z.array(z.object({ ...amount, department: z.string() })),
  byVendor: z.array(z.object({ ...amount, vendorId: int.nullable(), name: z.string().nullable(), vendors: int })),
});

export const savingsReportSchema = z.object({
  total: z.object({
    estimated: decimal,
    awarded: decimal,
    saving: decimal,
    savingPercent: nullableNumber,
    awards: int,
    withoutBudget: int,
  }),
  rows: z.array(z.object({
    awardId: int,
    kind: z.enum(["purchase_request", "bid_request"]),
    requestId: int,
    number: z.string(),
    title: z.string(),
    awardedAt: timestamp,
    poNumber: z.string(),
    estimated: decimal,
    awarded: decimal,
    saving: decimal,
    savingPercent: nullableNumber,
  })),
});

export const pipelineReportSchema = z.object({
  byStatus: z.array(z.object({ status: z.string(), count: int })),
  cycleTimes: z.array(z.object({
    metric: z.enum(["creationToApproval", "approvalToAward", "creationToOrder"]),
    count: int,
    medianDays: nullableNumber,
    p90Days: nullableNumber,
  })),
  pastDeadline: z.object({
    count: int,
    requests: z.array(z.object({
      id: int,
      number: z.string(),
      title: z.string(),
      status: z.string(),
      deadline: timestamp,
      daysOverdue: z.number(),
    })),
  }),
});

export const approvalsReportSchema = z.object({
  turnaround: z.array(z.object({
    role: z.string(),
    decisions: int,
    approved: int,
    rejected: int,
    medianDays: nullableNumber,
    p90Days: nullableNumber,
  })),
  waiting: z.array(z.object({ role: z.string(), count: int, oldestDays: nullableNumber })),
});

export const biddingReportSchema = z.object({
  byStatus: z.array(z.object({ status: z.string(), count: int })),
  totals: z.object({
    bids: int,
    invited: int,
    answered: int,
    responseRate: nullableNumber,
    quotations: int,
    averageQuotations: nullableNumber,
  }),
  byMode: z.array(
    z.object({ mode: z.enum(["open", "sealed"]), bids: int, quotations: int, averageQuotations: nullableNumber }),
  ),
});

export const scorecardSchema = z.object({
  vendorId: int,
  companyName: z.string(),
  opportunities: int,
  quotations: int,
  responseRate: nullableNumber,
  wins: int,
  winRate: nullableNumber,
  medianResponseDays: nullableNumber,
  averageAboveLowestPercent: nullableNumber,
  awardedTotal: decimal,
  deliveries: int,
  onTimeRate: nullableNumber,
  averageDaysLate: nullableNumber,
});
export const vendorReportSchema = z.object({ vendors: z.array(scorecardSchema) });

/** The system analytics page: figures per area, as src/features/reports/system-queries.ts computes them. */
export const systemAnalyticsSchema = z.looseObject({});
