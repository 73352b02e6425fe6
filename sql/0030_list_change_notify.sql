-- Issue 14 item 3: the app keeps whole purchase request list answers (src/lib/list-cache.ts,
-- docs/decisions/017-list-answer-cache.md) and must drop them when a commit changes what a page shows.
-- Every statement on a table the list reads (the requests, their items, whose summary is kept on the
-- request by sql/0020, their events, which give approvedBy, and the category names) notifies the
-- channel `purchase_request_list`. PostgreSQL delivers a notification only when its transaction
-- commits (nothing for a rollback), and once per transaction however many statements sent it (same
-- channel, same empty payload). Statement-level: one call per statement, not per row.
create function purchase_request_list_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('purchase_request_list', '');
  return null;
end $$;

create trigger purchase_requests_list_changed after insert or update or delete or truncate on purchase_requests
  for each statement execute function purchase_request_list_changed();
create trigger purchase_request_items_list_changed after insert or update or delete or truncate
  on purchase_request_items for each statement execute function purchase_request_list_changed();
create trigger purchase_request_events_list_changed after insert or update or delete or truncate
  on purchase_request_events for each statement execute function purchase_request_list_changed();
create trigger categories_list_changed after insert or update or delete or truncate on categories
  for each statement execute function purchase_request_list_changed();
