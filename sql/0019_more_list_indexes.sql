-- Lists at scale (issue 14 item 3), the audit log at 5,000,000 entries: its list is newest first by
-- id (the chain's order) and filters by user or action. The 0001 indexes order those by created_at,
-- so a filtered page sorted every entry of the user or action; these read the page in list order
-- and seek straight to a keyset cursor (?after=<id>).
create index audit_logs_user_list_idx on audit_logs (user_id, id desc);
create index audit_logs_action_list_idx on audit_logs (action, id desc);
