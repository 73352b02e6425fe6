-- Sealed from the database too (docs/decisions/003, addendum): a sealed bid's attachment is stored
-- with no owner and a neutral name until the bid is unsealed; its real name and owner are kept here,
-- encrypted with the sealed-bid key, and written back by the unseal. Files sealed before this keep
-- their name and owner (the key is not in the database to encrypt them).
alter table files add column sealed_meta text;
