-- Issue 10 item 5: sealed bidding is a bid request mode only (docs/decisions/005-sealed-purchase-requests.md).
-- Quotations on a purchase request were never sealed, yet vendors were shown "sealed". Every purchase
-- request marked sealed becomes open, with an audit entry and a history event saying why (its quotations
-- were always readable by staff, so nothing is revealed by this), and the table refuses 'sealed' from
-- now on. A request that needs sealed bids is converted into a sealed bid request.
insert into audit_logs (action, entity_type, entity_id, metadata)
select 'UPDATE', 'purchase_request', id::text, jsonb_build_object(
         'changes', jsonb_build_object('biddingMode', jsonb_build_object('from', 'sealed', 'to', 'open')),
         'reason', 'Sealed bidding is for bid requests only: quotations on a purchase request were never sealed. '
                   'Convert the request into a sealed bid request to receive sealed bids.',
         'migration', '0005')
  from purchase_requests where bidding_mode = 'sealed' order by id;

insert into purchase_request_events (purchase_request_id, action, from_status, to_status, comment)
select id, 'updated', status, status,
       'Bidding mode changed from sealed to open: sealed bidding is for bid requests only. '
       'Convert this request into a sealed bid request to receive sealed bids.'
  from purchase_requests where bidding_mode = 'sealed' order by id;

update purchase_requests set bidding_mode = 'open', version = version + 1, updated_at = now()
 where bidding_mode = 'sealed';

alter table purchase_requests add constraint purchase_requests_bidding_mode_open check (bidding_mode = 'open');
