-- Lists at scale (issue 14 item 3): bid requests, quotations (staff and the vendor's own) and vendor
-- applications, each read a page at a time in list order with a keyset cursor (?after=) on
-- (time, id). Each index below is in its list's exact order, with the id as the tie-breaker, so a
-- page (filtered or not) and a cursor page are one index range; the partial ones hold only the rows
-- those lists can show (staff never list sealed or superseded quotations).
create index bid_requests_list_idx on bid_requests (created_at desc, id desc);
create index bid_requests_status_list_idx on bid_requests (status, created_at desc, id desc);
-- the 0001 index without the tie-breaker: the new one above serves every query it served
drop index bid_requests_status_idx;

-- bid_request_id included: the staff lists leave out quotations of sealed bids not yet unsealed, an
-- anti-join against the few such bids (the partial index below), so pages, offsets and counts are
-- index-only scans.
create index quotations_list_idx on quotations (submitted_at desc, id desc) include (bid_request_id)
  where is_current and not sealed;
create index quotations_status_list_idx on quotations (status, submitted_at desc, id desc) include (bid_request_id)
  where is_current and not sealed;
create index bid_requests_sealed_locked_idx on bid_requests (id) where bidding_mode = 'sealed' and unsealed_at is null;
-- the vendor's own list
create index quotations_vendor_current_idx on quotations (vendor_id, submitted_at desc, id desc) where is_current;

create index vendor_profiles_status_list_idx on vendor_profiles (status, created_at, user_id);
drop index vendor_profiles_status_idx;
