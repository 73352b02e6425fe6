-- The vendor's open bid requests by category (issue 14 item 3), as sql/0028's
-- purchase_requests_vendor_category_open_idx for purchase requests: the capped count of a vendor's
-- opportunities (matching on) reads only its categories' entries, plus the uncategorised bids (every
-- vendor sees those: category 0 here, which no category has, identity ids starting at 1), instead of
-- every open bid in closing order (32,005 entries read to count vendor@example.com's 10,001 at
-- 1,000,000 requests). Index-only: the bidding start is included for the "has bidding started" check.
create index bid_requests_vendor_category_open_idx on bid_requests ((coalesce(category_id, 0)), bidding_deadline)
  include (bidding_start_at, category_id)
  where status in ('published', 'bidding_open');
