import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "logged"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export type OutboxMessage = {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  status: OutboxStatus | string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  /** When it was last tried, and (pending only) when it is tried next. */
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  /** The recipient's language it was written in, and the template (older messages: null). */
  language: string | null;
  template: string | null;
  createdAt: string;
  sentAt: string | null;
  /** The body shows a mark where a one-time link's token goes; revealing it is audited. */
  hasHiddenValues: boolean;
};

export type OutboxParams = { status?: OutboxStatus; limit: number; offset: number };
export type OutboxPage = { items: OutboxMessage[]; total: number };

export const outboxQueryKey = ["admin", "outbox"] as const;

/** GET /api/admin/outbox?status=&limit=&offset=; the total comes in X-Total-Count. */
export async function getOutbox(
  { status, limit, offset }: OutboxParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OutboxPage> {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (status) query.set("status", status);
  const response = await apiRequest(`/api/admin/outbox?${query}`, { signal });
  const items = await response.json() as OutboxMessage[];
  const total = Number(response.headers.get("X-Total-Count"));
  return { items, total: Number.isFinite(total) ? total : offset + items.length };
}

export const outboxQueryOptions = (params: OutboxParams) =>
  queryOptions({ queryKey: [...outboxQueryKey, params], queryFn: ({ signal }) => getOutbox(params, { signal }) });

export function useOutbox(params: OutboxParams) {
  return useQuery({ ...outboxQueryOptions(params), placeholderData: keepPreviousData });
}
