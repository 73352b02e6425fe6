-- The create-bid dialog's picker (GET /api/bid-requests/candidates) searches the number and title of
-- the approved bid_required purchase requests only: a trigram index over just those rows, so a rare
-- term does not recheck every such request in list order (nor every request's description through
-- purchase_requests_search_idx).
create index purchase_requests_bid_candidate_search_idx on purchase_requests
  using gin ((request_number || ' ' || title) gin_trgm_ops)
  where request_type = 'bid_required' and status = 'active';
