-- Admin system analytics (issue 12): sign-ins and failed sign-ins per day are read from
-- login_attempts (one row per password or second-factor check, written by src/features/auth) over
-- a date range; its indexes so far lead with the identifier or the address.
create index login_attempts_created_idx on login_attempts (created_at);
