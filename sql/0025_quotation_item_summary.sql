-- The quotation lists (issue 14 item 3): the staff list's cards show a quotation's first three items
-- and how many it has (the details dialog shows them all); the vendor's own list shows the count only.
-- Reading every row's items per page cost a subquery over quotation_items per row and ~10 item objects
-- per row to build and send. The quotation row now carries the count and the first three, kept by the
-- database as sql/0020 keeps a purchase request's: statement-level triggers on quotation_items
-- recompute the summary of every quotation a statement touched, set-based, in the changing
-- transaction. A sealed quotation has no items until it is unsealed (the unsealing inserts them).

alter table quotations
  add column item_count integer not null default 0,
  -- [{id, requestItemId, name, itemName, quantity, unit, unitPrice, totalPrice, notes}] of the first three
  -- items by id, as the staff list answered every item before (money as text: never a JSON number)
  add column item_summary json not null default '[]';

-- Recomputes the summary of the given quotations from their items. Idempotent and order-independent.
create function quotation_item_summary_refresh(ids integer[]) returns void language plpgsql as $$
begin
  if coalesce(cardinality(ids), 0) = 0 then
    return;
  end if;
  -- Lock the quotations first: in read committed the next statement then sees the items of a
  -- concurrent transaction that held the lock (a summary from an older snapshot would overwrite it).
  perform 1 from quotations where id = any (ids) order by id for update;
  update quotations q
     set item_count = s.n, item_summary = s.items
    from (select r.id,
                 (select count(*)::int from quotation_items i where i.quotation_id = r.id) as n,
                 coalesce((select json_agg(json_build_object('id', t.id, 'requestItemId', t.request_item_id,
                                   'name', t.name, 'itemName', t.name, 'quantity', t.quantity, 'unit', t.unit,
                                   'unitPrice', t.unit_price::text, 'totalPrice', t.total_price::text,
                                   'notes', t.notes) order by t.id)
                             from (select i.id, coalesce(i.purchase_request_item_id, i.bid_request_item_id) as request_item_id,
                                          i.name, i.quantity, i.unit, i.unit_price, i.total_price, i.notes
                                     from quotation_items i
                                    where i.quotation_id = r.id
                                    order by i.id limit 3) t), '[]'::json) as items
            from (select distinct unnest(ids) as id) r) s
   where q.id = s.id
     -- an unchanged summary (an item past the third edited) writes nothing
     and (q.item_count <> s.n or q.item_summary::text <> s.items::text);
end
$$;

-- One function for the three events (a trigger with transition tables serves one event) and truncate.
create function quotation_items_summarise() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform quotation_item_summary_refresh(array(select distinct quotation_id from new_rows));
  elsif tg_op = 'UPDATE' then
    -- an item moved to another quotation changes both
    perform quotation_item_summary_refresh(array(
      select quotation_id from new_rows union select quotation_id from old_rows));
  elsif tg_op = 'DELETE' then
    perform quotation_item_summary_refresh(array(select distinct quotation_id from old_rows));
  else
    update quotations set item_count = 0, item_summary = '[]' where item_count <> 0;
  end if;
  return null;
end
$$;

create trigger quotation_items_summary_ins after insert on quotation_items
  referencing new table as new_rows for each statement execute function quotation_items_summarise();
create trigger quotation_items_summary_upd after update on quotation_items
  referencing new table as new_rows old table as old_rows for each statement
  execute function quotation_items_summarise();
create trigger quotation_items_summary_del after delete on quotation_items
  referencing old table as old_rows for each statement execute function quotation_items_summarise();
create trigger quotation_items_summary_truncate after truncate on quotation_items
  for each statement execute function quotation_items_summarise();

-- Existing quotations, in one pass over the items. The report rollups' update trigger is off for it:
-- nothing it reads changes.
alter table quotations disable trigger report_quotations_upd;
update quotations q
   set item_count = s.n, item_summary = s.items
  from (select quotation_id as id, count(*)::int as n,
               coalesce(json_agg(json_build_object('id', id, 'requestItemId', request_item_id, 'name', name,
                          'itemName', name, 'quantity', quantity, 'unit', unit, 'unitPrice', unit_price::text,
                          'totalPrice', total_price::text, 'notes', notes) order by id) filter (where k <= 3),
                        '[]'::json) as items
          from (select i.*, coalesce(i.purchase_request_item_id, i.bid_request_item_id) as request_item_id,
                       row_number() over (partition by quotation_id order by id) as k
                  from quotation_items i) i
         group by quotation_id) s
 where q.id = s.id;
alter table quotations enable trigger report_quotations_upd;
