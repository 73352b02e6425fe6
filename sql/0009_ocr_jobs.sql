-- OCR quotation import (issue 11): a job row per uploaded document, run by any instance's worker
-- pool (claimed with FOR UPDATE SKIP LOCKED), read back by the vendor who uploaded it.
alter table jobs add column stage text not null default 'queued'
  check (stage in ('queued', 'reading', 'recognising', 'interpreting', 'done', 'failed'));
alter table jobs add column error_code text;
-- A sealed bid's extraction result is encrypted like the bid itself: `result` stays null and
-- `sealed_result` holds the ciphertext until the quotation is submitted (then the job is deleted).
alter table jobs add column sealed_result bytea;
create index jobs_created_by_idx on jobs (created_by, created_at) where kind = 'ocr_extract';
create index jobs_running_idx on jobs (locked_at) where status = 'running';
