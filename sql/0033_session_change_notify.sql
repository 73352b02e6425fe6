-- Sessions end everywhere at once (docs/decisions/004, second part): each instance keeps a signed-in
-- user's row for up to SESSION_CACHE_MS, and drops every kept row when PostgreSQL notifies the
-- channel `session_users` at the commit of a change to what a session depends on: a sign-out, a
-- password, role or activation change (token_version, is_active, role_id), or a vendor's status.
-- Row-level with a WHEN on users: a sign-in writes last_login_at and must not empty every cache.
create function session_users_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('session_users', '');
  return null;
end $$;

create trigger users_session_changed after update on users for each row
  when (old.token_version is distinct from new.token_version or old.is_active is distinct from new.is_active
        or old.role_id is distinct from new.role_id or old.must_change_password is distinct from new.must_change_password
        or old.email is distinct from new.email or old.username is distinct from new.username
        or old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name)
  execute function session_users_changed();
create trigger users_session_deleted after delete or truncate on users for each statement
  execute function session_users_changed();
create trigger revoked_sessions_changed after insert on revoked_sessions for each statement
  execute function session_users_changed();
create trigger vendor_profiles_session_changed after update of status or delete on vendor_profiles for each statement
  execute function session_users_changed();
