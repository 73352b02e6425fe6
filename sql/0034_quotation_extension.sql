-- Awards respect validity (docs/decisions/023): an expired quotation cannot be awarded; staff ask its
-- vendor to extend it, and the vendor extends it without changing its prices. When the request was
-- made, so the screens can say so until the vendor answers.
alter table quotations add column extension_requested_at timestamptz;
