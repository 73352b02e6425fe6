-- Report queries (issue 12, src/features/reports/queries.ts), measured by bench/reports.ts.
-- When a purchase request became active (approved): cycle times and the vendors' opportunities.
create index purchase_request_events_activated_idx on purchase_request_events (purchase_request_id, created_at)
  where to_status = 'active';
-- When a request re-entered pending (resubmitted): approval turnaround starts there. Rare rows, so
-- the per-decision lookup is an almost empty index probe.
create index purchase_request_events_reentry_idx on purchase_request_events (purchase_request_id, id)
  where to_status = 'pending' and action not in ('approved', 'created');
-- Awards per vendor and quotations per bid for the scorecards.
create index awards_quotation_idx on awards (quotation_id);
