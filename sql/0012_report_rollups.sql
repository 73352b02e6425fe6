-- Report rollups (issue 12 item 6): the pipeline, approval and scorecard reports read these narrow
-- tables instead of aggregating every approval event and every opportunity on each request.
--
-- Never stale: statement-level triggers on the source tables refresh the rows of the requests a
-- statement touched, set-based, in the same transaction as the change (a bulk insert of 1,000
-- requests refreshes once). The refresh recomputes a request's rows from its source rows, so it is
-- idempotent and order-independent; upserts keep two concurrent refreshes of one request safe.

-- One row per purchase request: its filter dimensions, the moments its cycle times are measured
-- between, and whether it waits on a manager / on finance now.
create table report_requests (
  id integer primary key references purchase_requests (id) on delete cascade,
  created_at timestamptz not null,
  category_id integer,
  department text not null,
  status text not null,
  -- first approval that made it active; award and its (issued) purchase order
  approved_at timestamptz,
  awarded_at timestamptz,
  ordered_at timestamptz,
  -- the cycle times in days (null until both ends exist), float8 as percentile_cont takes them
  approval_days float8,
  award_days float8,
  order_days float8,
  waiting_manager boolean not null,
  waiting_finance boolean not null
);
create index report_requests_created_idx on report_requests (created_at);
create index report_requests_waiting_idx on report_requests (id) where waiting_manager or waiting_finance;

-- One row per approval decision (approve or reject at a stage) with its turnaround in days, from
-- the moment the request last entered pending (its creation, or a resubmission).
create table report_approval_decisions (
  event_id integer primary key references purchase_request_events (id) on delete cascade,
  purchase_request_id integer not null references purchase_requests (id) on delete cascade,
  role text not null,
  action text not null,
  decided_at timestamptz not null,
  days float8 not null,
  category_id integer,
  department text not null,
  status text not null
);
create index report_approval_decisions_request_idx on report_approval_decisions (purchase_request_id);
create index report_approval_decisions_decided_idx on report_approval_decisions (decided_at);

-- The vendors' opportunities: purchase requests offered to vendors (vendor quote / bid required,
-- approved, not converted into a live bid) and published bid requests, with the moment vendors
-- could first see each.
create table report_opportunities (
  kind text not null check (kind in ('purchase_request', 'bid_request')),
  id integer not null,
  category_id integer,
  department text not null,
  status text not null,
  published_at timestamptz not null,
  primary key (kind, id)
);
create index report_opportunities_published_idx on report_opportunities (published_at);

-- One row per current, readable (not sealed) quotation on an opportunity, for the scorecards:
-- the opportunity's filter dimensions and publication, the lowest quote and the number of quotes
-- in its currency on the same opportunity, whether it won and what was ordered from it.
create table report_quotations (
  quotation_id integer primary key references quotations (id) on delete cascade,
  vendor_id integer not null,
  kind text not null,
  request_id integer not null,
  category_id integer,
  department text not null,
  status text not null,
  published_at timestamptz not null,
  total_amount numeric(14, 2) not null,
  lowest numeric(14, 2) not null,
  competitors integer not null,
  wins integer not null,
  awarded numeric(14, 2) not null,
  response_days float8 not null
);
create index report_quotations_request_idx on report_quotations (kind, request_id);
create index report_quotations_vendor_idx on report_quotations (vendor_id);

-- The scorecard rows of every quotation on these requests (a quote changes its rivals' lowest).
create function report_refresh_offers(pr_ids integer[], bid_ids integer[]) returns void language plpgsql as $$
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
                       join purchase_orders po on po.id = a.purchase_order_id and po.status = 'issued'
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

create function report_refresh_requests(ids integer[]) returns void language plpgsql as $$
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
        from awards a join purchase_orders po on po.id = a.purchase_order_id and po.status = 'issued'
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

create function report_refresh_bids(ids integer[]) returns void language plpgsql as $$
begin
  if ids is null or cardinality(ids) = 0 then
    return;
  end if;
  with fresh as (
    select 'bid_request'::text as kind, b.id, b.category_id, b.department, b.status,
           greatest(b.bidding_start_at, coalesce((select max(e.created_at) from bid_request_events e
                                                   where e.bid_request_id = b.id and e.to_status = 'published'),
                                                 b.created_at)) as published_at
      from bid_requests b
     where b.id = any (ids)
       and b.status in ('published', 'bidding_open', 'bidding_closed', 'evaluation', 'awarded')),
  gone as (
    delete from report_opportunities o
     where o.kind = 'bid_request' and o.id = any (ids) and o.id not in (select id from fresh))
  insert into report_opportunities as o (kind, id, category_id, department, status, published_at)
  select * from fresh
  on conflict (kind, id) do update set category_id = excluded.category_id, department = excluded.department,
      status = excluded.status, published_at = excluded.published_at;

  perform report_refresh_offers('{}', ids);
end
$$;

-- Trigger functions: one per source table, reading the statement's transition tables. A trigger
-- with transition tables serves one event, hence three triggers per table.
create function report_on_purchase_requests() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    delete from report_opportunities o where o.kind = 'purchase_request' and o.id in (select id from old_rows);
  else
    perform report_refresh_requests(array(select id from new_rows));
  end if;
  return null;
end
$$;

create function report_on_request_events() returns trigger language plpgsql as $$
begin
  -- purchase_request_events name the request in purchase_request_id
  if tg_op = 'INSERT' then
    perform report_refresh_requests(array(
      select distinct purchase_request_id from new_rows where purchase_request_id is not null));
  elsif tg_op = 'UPDATE' then
    perform report_refresh_requests(array(
      select purchase_request_id from new_rows where purchase_request_id is not null
      union select purchase_request_id from old_rows where purchase_request_id is not null));
  else
    perform report_refresh_requests(array(
      select distinct purchase_request_id from old_rows where purchase_request_id is not null));
  end if;
  return null;
end
$$;

-- awards and purchase orders name a purchase request or a bid request
create function report_on_orders() returns trigger language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform report_refresh_requests(array(
      select distinct purchase_request_id from new_rows where purchase_request_id is not null));
    perform report_refresh_offers('{}', array(
      select distinct bid_request_id from new_rows where bid_request_id is not null));
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform report_refresh_requests(array(
      select distinct purchase_request_id from old_rows where purchase_request_id is not null));
    perform report_refresh_offers('{}', array(
      select distinct bid_request_id from old_rows where bid_request_id is not null));
  end if;
  return null;
end
$$;

create function report_on_quotations() returns trigger language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    perform report_refresh_offers(
      array(select distinct purchase_request_id from new_rows where purchase_request_id is not null),
      array(select distinct bid_request_id from new_rows where bid_request_id is not null));
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    perform report_refresh_offers(
      array(select distinct purchase_request_id from old_rows where purchase_request_id is not null),
      array(select distinct bid_request_id from old_rows where bid_request_id is not null));
  end if;
  return null;
end
$$;

create function report_on_bid_requests() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    delete from report_opportunities o where o.kind = 'bid_request' and o.id in (select id from old_rows);
    perform report_refresh_requests(array(
      select distinct purchase_request_id from old_rows where purchase_request_id is not null));
  elsif tg_op = 'UPDATE' then
    perform report_refresh_bids(array(select id from new_rows));
    -- a request converted into a bid stops being an opportunity of its own (and is one again
    -- when the bid is cancelled)
    perform report_refresh_requests(array(
      select purchase_request_id from new_rows where purchase_request_id is not null
      union select purchase_request_id from old_rows where purchase_request_id is not null));
  else
    perform report_refresh_bids(array(select id from new_rows));
    perform report_refresh_requests(array(
      select distinct purchase_request_id from new_rows where purchase_request_id is not null));
  end if;
  return null;
end
$$;

create function report_on_bid_request_events() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform report_refresh_bids(array(select distinct bid_request_id from old_rows));
  else
    perform report_refresh_bids(array(select distinct bid_request_id from new_rows));
  end if;
  return null;
end
$$;

create trigger report_purchase_requests_ins after insert on purchase_requests
  referencing new table as new_rows for each statement execute function report_on_purchase_requests();
create trigger report_purchase_requests_upd after update on purchase_requests
  referencing new table as new_rows for each statement execute function report_on_purchase_requests();
create trigger report_purchase_requests_del after delete on purchase_requests
  referencing old table as old_rows for each statement execute function report_on_purchase_requests();

create trigger report_pr_events_ins after insert on purchase_request_events
  referencing new table as new_rows for each statement execute function report_on_request_events();
create trigger report_pr_events_upd after update on purchase_request_events
  referencing new table as new_rows old table as old_rows for each statement
  execute function report_on_request_events();
create trigger report_pr_events_del after delete on purchase_request_events
  referencing old table as old_rows for each statement execute function report_on_request_events();

create trigger report_awards_ins after insert on awards
  referencing new table as new_rows for each statement execute function report_on_orders();
create trigger report_awards_upd after update on awards
  referencing new table as new_rows old table as old_rows for each statement execute function report_on_orders();
create trigger report_awards_del after delete on awards
  referencing old table as old_rows for each statement execute function report_on_orders();

create trigger report_purchase_orders_ins after insert on purchase_orders
  referencing new table as new_rows for each statement execute function report_on_orders();
create trigger report_purchase_orders_upd after update on purchase_orders
  referencing new table as new_rows old table as old_rows for each statement execute function report_on_orders();
create trigger report_purchase_orders_del after delete on purchase_orders
  referencing old table as old_rows for each statement execute function report_on_orders();

create trigger report_quotations_ins after insert on quotations
  referencing new table as new_rows for each statement execute function report_on_quotations();
create trigger report_quotations_upd after update on quotations
  referencing new table as new_rows old table as old_rows for each statement execute function report_on_quotations();
create trigger report_quotations_del after delete on quotations
  referencing old table as old_rows for each statement execute function report_on_quotations();

create trigger report_bid_requests_ins after insert on bid_requests
  referencing new table as new_rows for each statement execute function report_on_bid_requests();
create trigger report_bid_requests_upd after update on bid_requests
  referencing new table as new_rows old table as old_rows for each statement
  execute function report_on_bid_requests();
create trigger report_bid_requests_del after delete on bid_requests
  referencing old table as old_rows for each statement execute function report_on_bid_requests();

create trigger report_bid_events_ins after insert on bid_request_events
  referencing new table as new_rows for each statement execute function report_on_bid_request_events();
create trigger report_bid_events_upd after update on bid_request_events
  referencing new table as new_rows old table as old_rows for each statement
  execute function report_on_bid_request_events();
create trigger report_bid_events_del after delete on bid_request_events
  referencing old table as old_rows for each statement execute function report_on_bid_request_events();

-- Requests open past their deadline (pipeline): few rows, so a partial index.
create index purchase_requests_open_deadline_idx on purchase_requests (deadline, id)
  where status in ('draft', 'pending', 'active');
-- Scorecards: does a vendor have any quotation that is not sealed (an index probe, not a scan).
create index quotations_unsealed_vendor_idx on quotations (vendor_id) where not sealed;

-- The rows of the data already there.
select report_refresh_requests(array(select id from purchase_requests));
select report_refresh_bids(array(select id from bid_requests));
