-- Lists at scale (issue 14 item 3): every filter of the purchase request list can read its page in
-- list order (created_at desc, id desc) from one index, seek straight to a keyset cursor, and the
-- per-row "who approved in this round" of pending requests reads two small partial indexes.

-- The 0001 category index lacks id: ties sorted in memory and a cursor could not seek on it.
create index purchase_requests_category_list_idx on purchase_requests (category_id, created_at desc, id desc);
drop index purchase_requests_category_idx;

-- Type alone or type and status in list order (0001's type index orders by deadline).
create index purchase_requests_type_list_idx on purchase_requests (request_type, status, created_at desc, id desc);

-- approvedBy (LIST_COLUMNS): the last re-entry into pending, then the approvals after it; both
-- answered by index-only scans of a few entries instead of reading every event of the request.
create index purchase_request_events_approved_idx on purchase_request_events (purchase_request_id, id)
  include (actor_id) where action = 'approved';
create index purchase_request_events_pending_entry_idx on purchase_request_events (purchase_request_id, id)
  where to_status = 'pending' and action <> 'approved';
