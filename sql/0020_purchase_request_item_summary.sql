-- The purchase request list (issue 14 item 3) shows each request's item count and its first three
-- items. Reading them per row of a page cost two subqueries over purchase_request_items per row
-- (about 400 of the page's 620 shared buffers at 100,000 requests). The request row now carries
-- them, kept by the database: statement-level triggers on purchase_request_items recompute the
-- summary of every request a statement touched, set-based (a bulk insert of 1,000 requests' items
-- recomputes once), in the same transaction as the change. The list reads one row per request.

alter table purchase_requests
  add column item_count integer not null default 0,
  -- [{id, name, quantity, unit, estimatedPrice}] of the first three items by position, as the list
  -- answers them (estimatedPrice as text: money is never a JSON number)
  add column item_summary json not null default '[]';

-- Recomputes the summary of the given requests from their items. Idempotent and order-independent.
create function purchase_request_item_summary_refresh(ids integer[]) returns void language plpgsql as $$
begin
  if coalesce(cardinality(ids), 0) = 0 then
    return;
  end if;
  -- Lock the requests first: in read committed the next statement then sees the items of a
  -- concurrent transaction that held the lock (its summary computed from an older snapshot would
  -- overwrite the other's). The app locks the request before changing items anyway.
  perform 1 from purchase_requests where id = any (ids) order by id for update;
  update purchase_requests pr
     set item_count = s.n, item_summary = s.items
    from (select r.id,
                 (select count(*)::int from purchase_request_items i where i.purchase_request_id = r.id) as n,
                 coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'quantity', t.quantity,
                                   'unit', t.unit, 'estimatedPrice', t.estimated_price::text) order by t.position, t.id)
                             from (select i.id, i.name, i.quantity, i.unit, i.estimated_price, i.position
                                     from purchase_request_items i
                                    where i.purchase_request_id = r.id
                                    order by i.position, i.id limit 3) t), '[]'::json) as items
            from (select distinct unnest(ids) as id) r) s
   where pr.id = s.id
     -- an unchanged summary (an item's notes edited) writes nothing
     and (pr.item_count <> s.n or pr.item_summary::text <> s.items::text);
end
$$;

-- One function for the three events (a trigger with transition tables serves one event) and truncate.
create function purchase_request_items_summarise() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform purchase_request_item_summary_refresh(array(select distinct purchase_request_id from new_rows));
  elsif tg_op = 'UPDATE' then
    -- an item moved to another request changes both
    perform purchase_request_item_summary_refresh(array(
      select purchase_request_id from new_rows union select purchase_request_id from old_rows));
  elsif tg_op = 'DELETE' then
    perform purchase_request_item_summary_refresh(array(select distinct purchase_request_id from old_rows));
  else
    update purchase_requests set item_count = 0, item_summary = '[]' where item_count <> 0;
  end if;
  return null;
end
$$;

create trigger purchase_request_items_summary_ins after insert on purchase_request_items
  referencing new table as new_rows for each statement execute function purchase_request_items_summarise();
create trigger purchase_request_items_summary_upd after update on purchase_request_items
  referencing new table as new_rows old table as old_rows for each statement
  execute function purchase_request_items_summarise();
create trigger purchase_request_items_summary_del after delete on purchase_request_items
  referencing old table as old_rows for each statement execute function purchase_request_items_summarise();
create trigger purchase_request_items_summary_truncate after truncate on purchase_request_items
  for each statement execute function purchase_request_items_summarise();

-- Existing requests, in one pass over the items. The report rollups' update trigger is off for it:
-- nothing it reads changes, and it would recompute every request's rollup rows for nothing.
alter table purchase_requests disable trigger report_purchase_requests_upd;
update purchase_requests pr
   set item_count = s.n, item_summary = s.items
  from (select purchase_request_id as id, count(*)::int as n,
               coalesce(json_agg(json_build_object('id', id, 'name', name, 'quantity', quantity, 'unit', unit,
                          'estimatedPrice', estimated_price::text) order by position, id) filter (where k <= 3),
                        '[]'::json) as items
          from (select i.*, row_number() over (partition by purchase_request_id order by position, id) as k
                  from purchase_request_items i) i
         group by purchase_request_id) s
 where pr.id = s.id;
alter table purchase_requests enable trigger report_purchase_requests_upd;
