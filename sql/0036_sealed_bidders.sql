-- Sealed from the database too: who bid on a sealed bid (docs/decisions/024). Until unsealing a
-- sealed quotation has no vendor_id; `vendor_tag` (HMAC of bid and vendor under a key derived from
-- the sealed-bid key) keeps one current quotation per vendor per bid and lets the vendor find its own
-- rows, and `sealed_vendor` is the vendor id encrypted, written back by the unseal. Rows sealed before
-- keep vendor_id until the server's start-up seals them (the key is not in the database).
alter table quotations alter column vendor_id drop not null;
alter table quotations add column vendor_tag bytea, add column sealed_vendor bytea;
alter table quotations add constraint quotations_vendor_known
  check (vendor_id is not null or (sealed and vendor_tag is not null and sealed_vendor is not null));
alter table quotations add constraint quotations_tag_only_sealed
  check (vendor_tag is null or (sealed and vendor_id is null));
create unique index quotations_current_sealed_key on quotations (bid_request_id, vendor_tag)
  where is_current and vendor_tag is not null;

-- An OCR import for a sealed bid: no created_by; the owner as a keyed hash, the target encrypted
-- in the payload (src/features/ocr/service.ts).
alter table jobs add column owner_tag bytea;
create index jobs_owner_tag_idx on jobs (owner_tag, created_at) where owner_tag is not null;
