-- Purchase orders now live past "issued" (sql/0013: acknowledged, partially received, received,
-- closed). An order counts as awarded spend in every status except cancelled and declined; the
-- rollups of sql/0012 counted only 'issued', so an acknowledged or received order dropped out of
-- spend, savings, cycle times and scorecards. Same functions, that one predicate changed.

create or replace function report_refresh_offers(pr_ids integer[], bid_ids integer[]) returns void language plpgsql as $$
begin
  pr_ids := coalesce(pr_ids, '{}');
  bid_ids := coalesce(bid_ids, '{}');
  if cardinality(pr_ids) = 0 and cardinality(bid_ids) = 0 then
    return;
  end if;
  with fresh as (
    select q.id as quotation_id, q.vendor_id, o.kind, o.id as request_id, o.category_id, o.department, o.status,
           o.published_at, q.total_amount,
           min(q.total_amount) over w as lowest, (count(*) over w)::int as competitors,
           (select count(*) from awards a where a.quotation_id = q.id)::int as wins,
           coalesce((select sum(po.total_amount) from awards a
                       join purchase_orders po on po.id = a.purchase_order_id and po.status not in ('cancelled', 'declined')
                      where a.quotation_id = q.id), 0) as awarded,
           (extract(epoch from (q.submitted_at - o.published_at)) / 86400.0)::float8 as response_days
      from quotations q
      join report_opportunities o
        on o.kind = case when q.bid_request_id is null then 'purchase_request' else 'bid_request' end
       and o.id = coalesce(q.bid_request_id, q.purchase_request_id)
     where q.is_current and not q.sealed
       and (q.purchase_request_id = any (pr_ids) or q.bid_request_id = any (bid_ids))
    window w as (partition by q.bid_request_id, q.purchase_request_id, q.currency)),
  gone as (
    delete from report_quotations r
     where ((r.kind = 'purchase_request' and r.request_id = any (pr_ids))
            or (r.kind = 'bid_request' and r.request_id = any (bid_ids)))
       and r.quotation_id not in (select quotation_id from fresh))
  insert into report_quotations as r (quotation_id, vendor_id, kind, request_id, category_id, department, status,
      published_at, total_amount, lowest, competitors, wins, awarded, response_days)
  select * from fresh
  on conflict (quotation_id) do update set vendor_id = excluded.vendor_id, kind = excluded.kind,
      request_id = excluded.request_id, category_id = excluded.category_id, department = excluded.department,
      status = excluded.status, published_at = excluded.published_at, total_amount = excluded.total_amount,
      lowest = excluded.lowest, competitors = excluded.competitors, wins = excluded.wins,
      awarded = excluded.awarded, response_days = excluded.response_days;
end
$$;

create or replace function report_refresh_requests(ids integer[]) returns void language plpgsql as $$
begin
  if ids is null or cardinality(ids) = 0 then
    return;
  end if;

  insert into report_requests as r (id, created_at, category_id, department, status, approved_at, awarded_at,
      ordered_at, approval_days, award_days, order_days, waiting_manager, waiting_finance)
  select pr.id, pr.created_at, pr.category_id, pr.department, pr.status, ev.approved_at, aw.awarded_at,
         aw.ordered_at,
         (extract(epoch from (ev.approved_at - pr.created_at)) / 86400.0)::float8,
         (extract(epoch from (aw.awarded_at - ev.approved_at)) / 86400.0)::float8,
         (extract(epoch from (aw.ordered_at - pr.created_at)) / 86400.0)::float8,
         pr.status = 'pending' and pr.approval_required and not ('manager' = any (g.given)),
         pr.status = 'pending' and pr.approval_required and pr.approvals_required >= 2
           and not ('finance' = any (g.given))
    from purchase_requests pr
    left join lateral (
      select min(e.created_at) filter (where e.action = 'approved' and e.to_status = 'active') as approved_at,
             max(e.id) filter (where e.to_status = 'pending' and e.action <> 'approved') as reentry_id
        from purchase_request_events e where e.purchase_request_id = pr.id) ev on true
    -- the stages approved since the request last (re-)entered pending
    left join lateral (
      select coalesce(array_agg(e.stage), '{}') as given from purchase_request_events e
       where e.purchase_request_id = pr.id and e.action = 'approved' and e.id > coalesce(ev.reentry_id, 0)) g on true
    left join lateral (
      select a.created_at as awarded_at, po.created_at as ordered_at
        from awards a join purchase_orders po on po.id = a.purchase_order_id and po.status not in ('cancelled', 'declined')
       where a.purchase_request_id = pr.id order by a.id limit 1) aw on true
   where pr.id = any (ids)
  on conflict (id) do update set created_at = excluded.created_at, category_id = excluded.category_id,
      department = excluded.department, status = excluded.status, approved_at = excluded.approved_at,
      awarded_at = excluded.awarded_at, ordered_at = excluded.ordered_at, approval_days = excluded.approval_days,
      award_days = excluded.award_days, order_days = excluded.order_days, waiting_manager = excluded.waiting_manager, waiting_finance = excluded.waiting_finance;

  with fresh as (
    select e.id as event_id, e.purchase_request_id,
           case e.stage when 'finance' then 'cost_finance_controller' else 'procurement_manager' end as role,
           e.action, e.created_at as decided_at,
           (extract(epoch from (e.created_at - coalesce(
             (select max(s.created_at) from purchase_request_events s
               where s.purchase_request_id = e.purchase_request_id and s.id < e.id
                 and s.to_status = 'pending' and s.action not in ('approved', 'created')),
             pr.created_at))) / 86400.0)::float8 as days,
           pr.category_id, pr.department, pr.status
      from purchase_request_events e join purchase_requests pr on pr.id = e.purchase_request_id
     where e.purchase_request_id = any (ids) and e.action in ('approved', 'rejected') and e.stage is not null),
  gone as (
    delete from report_approval_decisions d
     where d.purchase_request_id = any (ids) and d.event_id not in (select event_id from fresh))
  insert into report_approval_decisions as d (event_id, purchase_request_id, role, action, decided_at, days,
      category_id, department, status)
  select * from fresh
  on conflict (event_id) do update set purchase_request_id = excluded.purchase_request_id, role = excluded.role,
      action = excluded.action, decided_at = excluded.decided_at, days = excluded.days,
      category_id = excluded.category_id, department = excluded.department, status = excluded.status;

  with fresh as (
    select 'purchase_request'::text as kind, pr.id, pr.category_id, pr.department, pr.status,
           coalesce((select min(e.created_at) from purchase_request_events e
                      where e.purchase_request_id = pr.id and e.to_status = 'active'), pr.created_at) as published_at
      from purchase_requests pr
     where pr.id = any (ids) and pr.request_type in ('vendor_quote', 'bid_required')
       and pr.status in ('active', 'completed')
       and not exists (select 1 from bid_requests cb where cb.purchase_request_id = pr.id and cb.status <> 'cancelled')),
  gone as (
    delete from report_opportunities o
     where o.kind = 'purchase_request' and o.id = any (ids) and o.id not in (select id from fresh))
  insert into report_opportunities as o (kind, id, category_id, department, status, published_at)
  select * from fresh
  on conflict (kind, id) do update set category_id = excluded.category_id, department = excluded.department,
      status = excluded.status, published_at = excluded.published_at;

  perform report_refresh_offers(ids, '{}');
end
$$;

-- Rebuild the rows of the data already there.
select report_refresh_requests(array(select id from purchase_requests));
select report_refresh_bids(array(select id from bid_requests));
