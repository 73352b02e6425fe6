-- The work inbox (src/features/inbox/queries.ts) reads each kind's first rows in the order of an
-- index, so its capped counts stay a short range however many requests and orders there are.

-- Requests pending approval, oldest first: a range of the pending alone (by created_at over all
-- requests, the planner's choice, it skipped every older request first: 12,729 rows for 100 at 20,000).
create index purchase_requests_pending_idx on purchase_requests (created_at, id) where status = 'pending';

-- Bids closed and waiting to be unsealed or evaluated, longest waiting first.
create index bid_requests_to_evaluate_idx on bid_requests (bidding_deadline, id)
  where status in ('bidding_closed', 'evaluation');

-- Orders waiting for a manager: declined (cancel, award again) or fully received (close).
create index purchase_orders_to_act_idx on purchase_orders (created_at, id) where status in ('declined', 'received');

-- A vendor's orders still to acknowledge.
create index purchase_orders_to_acknowledge_idx on purchase_orders (vendor_id, created_at, id) where status = 'issued';

-- Open orders by their delivery date (promised, else requested): due soon or overdue first.
create index purchase_orders_delivery_due_idx on purchase_orders
  ((coalesce(promised_delivery_date, requested_delivery_date)), id)
  where status in ('issued', 'acknowledged', 'partially_received');

-- The vendor's open bids per category in closing order with their ids (sql/0031's index without
-- them): the inbox reads the keys of its opportunities index-only, in order, up to its cap
-- (category_id included: an index-only scan must hold every column the statement names, the one
-- inside the coalesce too).
create index bid_requests_vendor_inbox_idx on bid_requests ((coalesce(category_id, 0)), bidding_deadline, id)
  include (bidding_start_at, category_id)
  where status in ('published', 'bidding_open');
