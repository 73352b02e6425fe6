-- The bid request list (issue 14 item 3) answered every bid of a page with all its items as JSON,
-- built per row by a subquery over bid_request_items (about 3 of the ~8 shared buffers a row, and
-- most of the answer's bytes: the SPA's tabs show neither). The list now answers each bid's item
-- count and its first three items, as the purchase request list does (sql/0020), carried on the bid
-- row and kept by the database: statement-level triggers on bid_request_items recompute the summary
-- of every bid a statement touched, set-based, in the same transaction as the change.

alter table bid_requests
  add column item_count integer not null default 0,
  -- [{id, name, quantity, unit, estimatedPrice}] of the first three items by position, as the list
  -- answers them (estimatedPrice as text: money is never a JSON number)
  add column item_summary json not null default '[]';

-- Recomputes the summary of the given bids from their items. Idempotent and order-independent.
create function bid_request_item_summary_refresh(ids integer[]) returns void language plpgsql as $$
begin
  if coalesce(cardinality(ids), 0) = 0 then
    return;
  end if;
  -- Lock the bids first: in read committed the next statement then sees the items of a concurrent
  -- transaction that held the lock (a summary computed from an older snapshot would overwrite the
  -- other's). The app locks the bid before changing its items anyway.
  perform 1 from bid_requests where id = any (ids) order by id for update;
  update bid_requests b
     set item_count = s.n, item_summary = s.items
    from (select r.id,
                 (select count(*)::int from bid_request_items i where i.bid_request_id = r.id) as n,
                 coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'quantity', t.quantity,
                                   'unit', t.unit, 'estimatedPrice', t.estimated_price::text) order by t.position, t.id)
                             from (select i.id, i.name, i.quantity, i.unit, i.estimated_price, i.position
                                     from bid_request_items i
                                    where i.bid_request_id = r.id
                                    order by i.position, i.id limit 3) t), '[]'::json) as items
            from (select distinct unnest(ids) as id) r) s
   where b.id = s.id
     -- an unchanged summary (an item's specification edited) writes nothing
     and (b.item_count <> s.n or b.item_summary::text <> s.items::text);
end
$$;

-- One function for the three events (a trigger with transition tables serves one event) and truncate.
create function bid_request_items_summarise() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform bid_request_item_summary_refresh(array(select distinct bid_request_id from new_rows));
  elsif tg_op = 'UPDATE' then
    -- an item moved to another bid changes both
    perform bid_request_item_summary_refresh(array(
      select bid_request_id from new_rows union select bid_request_id from old_rows));
  elsif tg_op = 'DELETE' then
    perform bid_request_item_summary_refresh(array(select distinct bid_request_id from old_rows));
  else
    update bid_requests set item_count = 0, item_summary = '[]' where item_count <> 0;
  end if;
  return null;
end
$$;

create trigger bid_request_items_summary_ins after insert on bid_request_items
  referencing new table as new_rows for each statement execute function bid_request_items_summarise();
create trigger bid_request_items_summary_upd after update on bid_request_items
  referencing new table as new_rows old table as old_rows for each statement
  execute function bid_request_items_summarise();
create trigger bid_request_items_summary_del after delete on bid_request_items
  referencing old table as old_rows for each statement execute function bid_request_items_summarise();
create trigger bid_request_items_summary_truncate after truncate on bid_request_items
  for each statement execute function bid_request_items_summarise();

-- Existing bids, in one pass over the items. The report rollups' update trigger is off for it:
-- nothing it reads changes, and it would recompute every bid's rollup rows for nothing.
alter table bid_requests disable trigger report_bid_requests_upd;
update bid_requests b
   set item_count = s.n, item_summary = s.items
  from (select bid_request_id as id, count(*)::int as n,
               coalesce(json_agg(json_build_object('id', id, 'name', name, 'quantity', quantity, 'unit', unit,
                          'estimatedPrice', estimated_price::text) order by position, id) filter (where k <= 3),
                        '[]'::json) as items
          from (select i.*, row_number() over (partition by bid_request_id order by position, id) as k
                  from bid_request_items i) i
         group by bid_request_id) s
 where b.id = s.id;
alter table bid_requests enable trigger report_bid_requests_upd;
