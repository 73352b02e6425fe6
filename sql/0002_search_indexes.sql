-- Text search on purchase requests (number, title, description) with trigram indexes, so
-- `ilike '%term%'` does not scan every request.
create extension if not exists pg_trgm;

create index purchase_requests_search_idx on purchase_requests
  using gin ((request_number || ' ' || title || ' ' || description) gin_trgm_ops);
