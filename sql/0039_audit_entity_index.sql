-- A document's readable history (src/audit/history.ts) reads its audit entries by entity: without
-- this, each History tab would scan the whole append-only table.
create index audit_logs_entity_idx on audit_logs (entity_type, entity_id, id) where entity_id is not null;
