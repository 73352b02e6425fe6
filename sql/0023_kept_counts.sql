-- Kept counts (issue 14 item 3): the dashboards' stats read a few rows instead of counting whole
-- tables (at 1,000,000 purchase requests the grouped count took seconds and timed out at 50/s).
-- docs/decisions/014-kept-counts.md says why the counts are delta rows.
--
-- Every statement that inserts, updates or deletes rows of a counted table appends its net change
-- per bucket (+n / -n, and the bid budget sum) here, through a statement-level trigger with
-- transition tables, in the same transaction as the change: a rolled-back change leaves nothing.
-- A count is the sum of its rows. Appending never waits for another writer (no shared counter row
-- to lock until commit); every 128 rows a writer folds the table back to one row per bucket (if no
-- other fold runs), so a read sums a few hundred rows at most.
--
-- Entities and buckets:
--   purchase_requests  status
--   bid_requests       status; amount = estimated_budget
--   sealed_bids        'open': sealed bids not yet unsealed, published / bidding open / bidding closed
--   quotations         status of a current, readable quotation (not sealed, its bid not locked), or
--                      'sealed' for a current quotation of an open sealed bid (only the total of those
--                      is shown, as before: no per-bid figure is kept)
--   users              'active' / 'inactive'
--   vendor_profiles    status
create table kept_counts (
  id bigint generated always as identity primary key,
  entity text not null,
  bucket text not null,
  n bigint not null,
  amount numeric(16, 2) not null default 0
);

-- Where a bid stands for its quotations' counts: 'open' (sealed, not unsealed, accepting or holding
-- bids: its quotations count as sealed submissions), 'locked' (sealed, not unsealed, any other
-- status: not counted) or 'readable'.
create function kept_bid_state(mode text, unsealed_at timestamptz, status text) returns text
language sql immutable as $$
  select case when mode = 'sealed' and unsealed_at is null
              then case when status in ('published', 'bidding_open', 'bidding_closed') then 'open' else 'locked' end
              else 'readable' end
$$;

-- The bucket of one quotation (null: not counted); bid_state is null for a purchase request's quotation.
create function kept_quotation_bucket(is_current boolean, sealed boolean, status text, bid_state text) returns text
language sql immutable as $$
  select case when not is_current then null
              when bid_state = 'open' then 'sealed'
              when bid_state = 'locked' or sealed then null
              else status end
$$;

-- Folds every row into one per bucket. Only one fold at a time (the others skip: the table keeps
-- a few more rows until the next); only under read committed, where a row deleted by a concurrent
-- fold is skipped, not an error. Safe beside writers: it deletes the rows its snapshot sees and
-- inserts their sums, so rows added meanwhile stay.
create function kept_counts_fold() returns void language plpgsql as $$
begin
  if current_setting('transaction_isolation') <> 'read committed'
     or not pg_try_advisory_xact_lock(727100023) then
    return;
  end if;
  with gone as (delete from kept_counts returning entity, bucket, n, amount)
  insert into kept_counts (entity, bucket, n, amount)
  select entity, bucket, sum(n), sum(amount) from gone group by entity, bucket
  having sum(n) <> 0 or sum(amount) <> 0;
end
$$;

-- Called by the triggers after appending k rows: fold when the identity crossed a multiple of 128.
create function kept_counts_appended(k bigint) returns void language plpgsql as $$
declare
  last bigint;
begin
  if k > 0 then
    last := currval(pg_get_serial_sequence('kept_counts', 'id'));
    if last / 128 <> (last - k) / 128 then
      perform kept_counts_fold();
    end if;
  end if;
end
$$;

-- Every count recomputed from the tables: the migration's fill, the scale seed's end (its fast path
-- runs without triggers), a truncate. The exclusive lock waits for every writer that appended rows
-- and holds back new appends until commit, so no change is counted twice or missed.
create function kept_counts_refresh() returns void language plpgsql as $$
begin
  lock table kept_counts in exclusive mode;
  delete from kept_counts;
  insert into kept_counts (entity, bucket, n, amount)
  select 'purchase_requests', status, count(*), 0 from purchase_requests group by status
  union all
  select 'bid_requests', status, count(*), coalesce(sum(estimated_budget), 0) from bid_requests group by status
  union all
  select 'sealed_bids', 'open', count(*), 0 from bid_requests
   where kept_bid_state(bidding_mode, unsealed_at, status) = 'open' having count(*) > 0
  union all
  select 'quotations', bucket, count(*), 0
    from (select kept_quotation_bucket(q.is_current, q.sealed, q.status,
                   kept_bid_state(b.bidding_mode, b.unsealed_at, b.status)) as bucket
            from quotations q left join bid_requests b on b.id = q.bid_request_id
           where q.is_current) x
   where bucket is not null group by bucket
  union all
  select 'users', case when is_active then 'active' else 'inactive' end, count(*), 0 from users group by 2
  union all
  select 'vendor_profiles', status, count(*), 0 from vendor_profiles group by status;
end
$$;

create function kept_counts_truncated() returns trigger language plpgsql as $$
begin
  perform kept_counts_refresh();
  return null;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- purchase_requests, users, vendor_profiles: a bucket per row of the table itself.

create function kept_counts_purchase_requests() returns trigger language plpgsql as $$
declare
  k bigint;
begin
  if tg_op = 'INSERT' then
    insert into kept_counts (entity, bucket, n)
    select 'purchase_requests', status, count(*) from new_rows group by status;
  elsif tg_op = 'UPDATE' then
    -- most updates keep the status (item summaries, edits): they net to nothing and append nothing
    insert into kept_counts (entity, bucket, n)
    select 'purchase_requests', status, sum(d)
      from (select status, 1 as d from new_rows union all select status, -1 from old_rows) x
     group by status having sum(d) <> 0;
  else
    insert into kept_counts (entity, bucket, n)
    select 'purchase_requests', status, -count(*) from old_rows group by status;
  end if;
  get diagnostics k = row_count;
  perform kept_counts_appended(k);
  return null;
end
$$;

create function kept_counts_users() returns trigger language plpgsql as $$
declare
  k bigint;
begin
  if tg_op = 'INSERT' then
    insert into kept_counts (entity, bucket, n)
    select 'users', case when is_active then 'active' else 'inactive' end, count(*) from new_rows group by 2;
  elsif tg_op = 'UPDATE' then
    insert into kept_counts (entity, bucket, n)
    select 'users', bucket, sum(d)
      from (select case when is_active then 'active' else 'inactive' end as bucket, 1 as d from new_rows
            union all
            select case when is_active then 'active' else 'inactive' end, -1 from old_rows) x
     group by bucket having sum(d) <> 0;
  else
    insert into kept_counts (entity, bucket, n)
    select 'users', case when is_active then 'active' else 'inactive' end, -count(*) from old_rows group by 2;
  end if;
  get diagnostics k = row_count;
  perform kept_counts_appended(k);
  return null;
end
$$;

create function kept_counts_vendor_profiles() returns trigger language plpgsql as $$
declare
  k bigint;
begin
  if tg_op = 'INSERT' then
    insert into kept_counts (entity, bucket, n)
    select 'vendor_profiles', status, count(*) from new_rows group by status;
  elsif tg_op = 'UPDATE' then
    insert into kept_counts (entity, bucket, n)
    select 'vendor_profiles', status, sum(d)
      from (select status, 1 as d from new_rows union all select status, -1 from old_rows) x
     group by status having sum(d) <> 0;
  else
    insert into kept_counts (entity, bucket, n)
    select 'vendor_profiles', status, -count(*) from old_rows group by status;
  end if;
  get diagnostics k = row_count;
  perform kept_counts_appended(k);
  return null;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- bid_requests: its own status and budget, the open sealed bids, and its quotations' buckets when
-- its seal state changes (published, closed, unsealed).

create function kept_counts_bid_requests() returns trigger language plpgsql as $$
declare
  k bigint;
  total bigint := 0;
  moved integer[];
begin
  if tg_op = 'INSERT' then
    insert into kept_counts (entity, bucket, n, amount)
    select 'bid_requests', status, count(*), coalesce(sum(estimated_budget), 0) from new_rows group by status
    union all
    select 'sealed_bids', 'open', count(*), 0 from new_rows
     where kept_bid_state(bidding_mode, unsealed_at, status) = 'open' having count(*) > 0;
    get diagnostics k = row_count;
    total := k;
    -- a new bid has no quotations yet
  elsif tg_op = 'UPDATE' then
    insert into kept_counts (entity, bucket, n, amount)
    select 'bid_requests', status, sum(d), sum(a)
      from (select status, 1 as d, coalesce(estimated_budget, 0) as a from new_rows
            union all select status, -1, -coalesce(estimated_budget, 0) from old_rows) x
     group by status having sum(d) <> 0 or sum(a) <> 0
    union all
    select 'sealed_bids', 'open', sum(d), 0
      from (select 1 as d from new_rows where kept_bid_state(bidding_mode, unsealed_at, status) = 'open'
            union all
            select -1 from old_rows where kept_bid_state(bidding_mode, unsealed_at, status) = 'open') x
    having sum(d) <> 0;
    get diagnostics k = row_count;
    total := k;
    moved := array(
      select n.id from new_rows n join old_rows o on o.id = n.id
       where kept_bid_state(n.bidding_mode, n.unsealed_at, n.status)
             <> kept_bid_state(o.bidding_mode, o.unsealed_at, o.status));
    if cardinality(moved) > 0 then
      -- Lock the quotations of these bids: a concurrent change to one of them (not yet committed, so
      -- not visible here) is waited for and then read as committed; its own trigger counted it with
      -- this bid's state before this change, so each change is counted once.
      perform 1 from quotations where bid_request_id = any(moved) order by id for share;
      insert into kept_counts (entity, bucket, n)
      select 'quotations', bucket, sum(d)
        from (select kept_quotation_bucket(q.is_current, q.sealed, q.status,
                       kept_bid_state(n.bidding_mode, n.unsealed_at, n.status)) as bucket, 1 as d
                from quotations q join new_rows n on n.id = q.bid_request_id
               where q.bid_request_id = any(moved) and q.is_current
              union all
              select kept_quotation_bucket(q.is_current, q.sealed, q.status,
                       kept_bid_state(o.bidding_mode, o.unsealed_at, o.status)), -1
                from quotations q join old_rows o on o.id = q.bid_request_id
               where q.bid_request_id = any(moved) and q.is_current) x
       where bucket is not null
       group by bucket having sum(d) <> 0;
      get diagnostics k = row_count;
      total := total + k;
    end if;
  else
    -- quotations refer to their bid with on delete restrict: a deleted bid has none
    insert into kept_counts (entity, bucket, n, amount)
    select 'bid_requests', status, -count(*), -coalesce(sum(estimated_budget), 0) from old_rows group by status
    union all
    select 'sealed_bids', 'open', -count(*), 0 from old_rows
     where kept_bid_state(bidding_mode, unsealed_at, status) = 'open' having count(*) > 0;
    get diagnostics k = row_count;
    total := k;
  end if;
  perform kept_counts_appended(total);
  return null;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- quotations: the bucket depends on the quotation's bid (kept_quotation_bucket).

create function kept_counts_quotations() returns trigger language plpgsql as $$
declare
  k bigint;
begin
  if tg_op = 'INSERT' then
    -- A new row is invisible to a concurrent change of its bid's seal state (which locks the bid's
    -- existing quotations), so hold the bid: that change waits for this transaction and then sees the
    -- row, or this waits for it and reads the bid's new state below. (Submitting a quotation holds
    -- the bid this way already.)
    perform 1 from bid_requests where id in (select bid_request_id from new_rows) order by id for share;
    insert into kept_counts (entity, bucket, n)
    select 'quotations', bucket, count(*)
      from (select kept_quotation_bucket(q.is_current, q.sealed, q.status,
                     kept_bid_state(b.bidding_mode, b.unsealed_at, b.status)) as bucket
              from new_rows q left join bid_requests b on b.id = q.bid_request_id) x
     where bucket is not null group by bucket;
  elsif tg_op = 'UPDATE' then
    insert into kept_counts (entity, bucket, n)
    select 'quotations', bucket, sum(d)
      from (select kept_quotation_bucket(q.is_current, q.sealed, q.status,
                     kept_bid_state(b.bidding_mode, b.unsealed_at, b.status)) as bucket, 1 as d
              from new_rows q left join bid_requests b on b.id = q.bid_request_id
            union all
            select kept_quotation_bucket(q.is_current, q.sealed, q.status,
                     kept_bid_state(b.bidding_mode, b.unsealed_at, b.status)), -1
              from old_rows q left join bid_requests b on b.id = q.bid_request_id) x
     where bucket is not null group by bucket having sum(d) <> 0;
  else
    insert into kept_counts (entity, bucket, n)
    select 'quotations', bucket, -count(*)
      from (select kept_quotation_bucket(q.is_current, q.sealed, q.status,
                     kept_bid_state(b.bidding_mode, b.unsealed_at, b.status)) as bucket
              from old_rows q left join bid_requests b on b.id = q.bid_request_id) x
     where bucket is not null group by bucket;
  end if;
  get diagnostics k = row_count;
  perform kept_counts_appended(k);
  return null;
end
$$;

create trigger kept_counts_purchase_requests_ins after insert on purchase_requests
  referencing new table as new_rows for each statement execute function kept_counts_purchase_requests();
create trigger kept_counts_purchase_requests_upd after update on purchase_requests
  referencing new table as new_rows old table as old_rows for each statement
  execute function kept_counts_purchase_requests();
create trigger kept_counts_purchase_requests_del after delete on purchase_requests
  referencing old table as old_rows for each statement execute function kept_counts_purchase_requests();
create trigger kept_counts_purchase_requests_truncate after truncate on purchase_requests
  for each statement execute function kept_counts_truncated();

create trigger kept_counts_bid_requests_ins after insert on bid_requests
  referencing new table as new_rows for each statement execute function kept_counts_bid_requests();
create trigger kept_counts_bid_requests_upd after update on bid_requests
  referencing new table as new_rows old table as old_rows for each statement
  execute function kept_counts_bid_requests();
create trigger kept_counts_bid_requests_del after delete on bid_requests
  referencing old table as old_rows for each statement execute function kept_counts_bid_requests();
create trigger kept_counts_bid_requests_truncate after truncate on bid_requests
  for each statement execute function kept_counts_truncated();

create trigger kept_counts_quotations_ins after insert on quotations
  referencing new table as new_rows for each statement execute function kept_counts_quotations();
create trigger kept_counts_quotations_upd after update on quotations
  referencing new table as new_rows old table as old_rows for each statement
  execute function kept_counts_quotations();
create trigger kept_counts_quotations_del after delete on quotations
  referencing old table as old_rows for each statement execute function kept_counts_quotations();
create trigger kept_counts_quotations_truncate after truncate on quotations
  for each statement execute function kept_counts_truncated();

create trigger kept_counts_users_ins after insert on users
  referencing new table as new_rows for each statement execute function kept_counts_users();
create trigger kept_counts_users_upd after update on users
  referencing new table as new_rows old table as old_rows for each statement execute function kept_counts_users();
create trigger kept_counts_users_del after delete on users
  referencing old table as old_rows for each statement execute function kept_counts_users();
create trigger kept_counts_users_truncate after truncate on users
  for each statement execute function kept_counts_truncated();

create trigger kept_counts_vendor_profiles_ins after insert on vendor_profiles
  referencing new table as new_rows for each statement execute function kept_counts_vendor_profiles();
create trigger kept_counts_vendor_profiles_upd after update on vendor_profiles
  referencing new table as new_rows old table as old_rows for each statement
  execute function kept_counts_vendor_profiles();
create trigger kept_counts_vendor_profiles_del after delete on vendor_profiles
  referencing old table as old_rows for each statement execute function kept_counts_vendor_profiles();
create trigger kept_counts_vendor_profiles_truncate after truncate on vendor_profiles
  for each statement execute function kept_counts_truncated();

-- The counts of the data already there.
select kept_counts_refresh();
