-- The vendor's opportunities a page at a time (issue 14 item 3): each kind's open rows in closing
-- order, with what the vendor filter reads (category, bidding start), so a page and its capped
-- count are index-only scans instead of a bitmap over every open request's heap block
-- (5,432 buffers to count vendor@example.com's 8,508 purchase requests at 100,000).
create index purchase_requests_vendor_open_idx on purchase_requests (deadline, id) include (category_id)
  where status = 'active' and request_type in ('vendor_quote', 'bid_required');
create index bid_requests_vendor_open_idx on bid_requests (bidding_deadline, id) include (category_id, bidding_start_at)
  where status in ('published', 'bidding_open');
