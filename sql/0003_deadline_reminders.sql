-- One reminder per vendor per request before its quotation deadline (the job never sends twice).
create table deadline_reminders (
  request_kind text not null check (request_kind in ('purchase_request', 'bid_request')),
  request_id integer not null,
  vendor_id integer not null references vendor_profiles (user_id) on delete cascade,
  sent_at timestamptz not null default now(),
  primary key (request_kind, request_id, vendor_id)
);
