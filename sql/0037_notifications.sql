-- The in-app notification centre (docs/decisions/030-notifications.md): one row per recipient, written
-- in the transaction of the change that causes it (src/notify/in-app.ts), so a rolled-back change
-- notifies no one. `params` holds the values of the message (numbers, titles, counts), never a sealed
-- value: while a bid is sealed a quotation-received row carries only how many arrived.
create table notifications (
  id bigint generated always as identity primary key,
  user_id integer not null references users (id) on delete cascade,
  type text not null check (type in (
    'approval_requested', 'approved', 'declined', 'returned',
    'bid_published', 'bid_amended', 'bid_closing', 'bid_closed',
    'quotation_received', 'awarded', 'not_awarded',
    'po_issued', 'po_acknowledged', 'po_declined', 'receipt_recorded',
    'budget_threshold')),
  entity_kind text not null check (entity_kind in ('purchase_request', 'bid_request', 'purchase_order', 'budget')),
  entity_id integer not null,
  params jsonb not null default '{}'::jsonb check (jsonb_typeof(params) = 'object'),
  created_at timestamptz not null default now(),
  read_at timestamptz
);

-- The bell's list (newest first, keyset on id) and its unread count.
create index notifications_user_id on notifications (user_id, id desc);
create index notifications_unread on notifications (user_id, id) where read_at is null;
-- "Closing in N hours" is written once per bid and vendor: the clock looks for an earlier one.
create index notifications_entity on notifications (entity_kind, entity_id, type);

-- Live delivery: the recipient's id on the channel `notifications` at commit (nothing for a
-- rollback; one notification per recipient and transaction, PostgreSQL folding equal payloads).
-- Every instance's stream of that user then reads the rows after the last id it sent.
create function notifications_added() returns trigger language plpgsql as $$
begin
  perform pg_notify('notifications', new.user_id::text);
  return null;
end $$;

create trigger notifications_added after insert on notifications for each row
  execute function notifications_added();
