-- A purchase request converted into a bid request that is not cancelled is no longer an opportunity
-- of its own (vendors answer the bid) nor a candidate of the create-bid picker. Both lists checked
-- that per request against bid_requests (`not exists (... status <> 'cancelled')`): the vendor's
-- opportunity count became a hash anti-join reading all of bid_requests on every page (about 1,300
-- of its 1,500 buffers at 100,000 requests), and the picker walked every converted request in list
-- order (17,912 buffers when the newest 5,000 candidates were converted). Issue 14 item 3.
--
-- The request row now carries that answer, `has_live_bid`, kept by statement-level triggers on
-- bid_requests in the writing transaction, set-based, as sql/0022 and sql/0025 keep their summaries;
-- partial indexes that exclude flagged rows make the opportunity count and page and the picker's
-- page read only the rows they answer.

alter table purchase_requests add column has_live_bid boolean not null default false;

-- Recomputes the flag of the given requests from their bids. Idempotent and order-independent.
create function purchase_request_live_bid_refresh(ids integer[]) returns void language plpgsql as $$
begin
  if coalesce(cardinality(ids), 0) = 0 then
    return;
  end if;
  -- Lock the requests first: in read committed the next statement then sees the bids of a
  -- concurrent transaction that held the lock (a flag computed from an older snapshot would
  -- overwrite the other's). Converting a request locks it before its bid is inserted anyway.
  perform 1 from purchase_requests where id = any (ids) order by id for update;
  update purchase_requests pr
     set has_live_bid = s.live
    from (select r.id,
                 exists (select 1 from bid_requests b where b.purchase_request_id = r.id and b.status <> 'cancelled')
                   as live
            from (select distinct unnest(ids) as id) r) s
   where pr.id = s.id
     -- an unchanged flag writes nothing (no new row version, no rollup refresh)
     and pr.has_live_bid <> s.live;
end
$$;

-- One function for the three events (a trigger with transition tables serves one event) and truncate.
create function bid_requests_live_bid() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform purchase_request_live_bid_refresh(array(
      select distinct purchase_request_id from new_rows where purchase_request_id is not null));
  elsif tg_op = 'UPDATE' then
    -- Only bids whose request or whose being cancelled changed (status steps, item summaries and
    -- edits do neither); a bid moved to another request changes both.
    perform purchase_request_live_bid_refresh(array(
      select x.pr
        from new_rows n join old_rows o on o.id = n.id
        cross join lateral (values (n.purchase_request_id), (o.purchase_request_id)) x(pr)
       where x.pr is not null
         and (n.purchase_request_id is distinct from o.purchase_request_id
              or (n.status = 'cancelled') <> (o.status = 'cancelled'))));
  elsif tg_op = 'DELETE' then
    perform purchase_request_live_bid_refresh(array(
      select distinct purchase_request_id from old_rows where purchase_request_id is not null));
  else
    update purchase_requests set has_live_bid = false where has_live_bid;
  end if;
  return null;
end
$$;

create trigger bid_requests_live_bid_ins after insert on bid_requests
  referencing new table as new_rows for each statement execute function bid_requests_live_bid();
create trigger bid_requests_live_bid_upd after update on bid_requests
  referencing new table as new_rows old table as old_rows for each statement
  execute function bid_requests_live_bid();
create trigger bid_requests_live_bid_del after delete on bid_requests
  referencing old table as old_rows for each statement execute function bid_requests_live_bid();
create trigger bid_requests_live_bid_truncate after truncate on bid_requests
  for each statement execute function bid_requests_live_bid();

-- Existing requests. The report rollups' update trigger is off for it: what it reads (the bids
-- themselves, not the flag) does not change.
alter table purchase_requests disable trigger report_purchase_requests_upd;
update purchase_requests pr
   set has_live_bid = true
 where exists (select 1 from bid_requests b where b.purchase_request_id = pr.id and b.status <> 'cancelled');
alter table purchase_requests enable trigger report_purchase_requests_upd;

-- The vendor's open purchase requests in closing order (sql/0026's index, now without the converted
-- ones): the page and its capped count are index-only scans without the anti-join.
drop index purchase_requests_vendor_open_idx;
create index purchase_requests_vendor_open_idx on purchase_requests (deadline, id) include (category_id)
  where status = 'active' and request_type in ('vendor_quote', 'bid_required') and not has_live_bid;

-- The same rows by category: the count of a vendor's opportunities (matching on) reads only its
-- categories' entries (8,508 of 21,117 for vendor@example.com at 100,000 requests).
create index purchase_requests_vendor_category_open_idx on purchase_requests (category_id, deadline)
  where status = 'active' and request_type in ('vendor_quote', 'bid_required') and not has_live_bid;

-- The create-bid picker's candidates, newest first, with what a row shows: page 1 and every cursor
-- page read only candidates, index-only, however many of the newest requests are converted.
create index purchase_requests_bid_candidates_idx on purchase_requests (created_at desc, id desc)
  include (request_number, title)
  where request_type = 'bid_required' and status = 'active' and not has_live_bid;
