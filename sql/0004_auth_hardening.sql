-- Sign-in hardening (issue 10): atomic throttling, revocable sessions, one-time TOTP steps,
-- per-address limits on public writes and registration follow-up tokens.

-- Failure counters for credential checks, one row per key ("signin:<account>|<address>",
-- "signin-ip:<address>", "totp:<user>", ...). A check reserves its attempt under the row lock
-- before the secret is verified, so parallel guesses cannot all be evaluated.
create table auth_throttle (
  key text primary key,
  failures integer not null default 0,
  window_start timestamptz not null default now(),
  -- lockouts in a row; each doubles the next lock (backoff), forgotten after a quiet day
  lockouts integer not null default 0,
  locked_until timestamptz,
  updated_at timestamptz not null default now()
);

-- Fixed-window request counters per address for public writes (registration, sign-in, set-password).
create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits integer not null
);

-- Sessions ended by sign-out before their token expires (the token carries sid).
create table revoked_sessions (
  sid text primary key,
  user_id integer references users (id) on delete cascade,
  expires_at timestamptz not null
);
create index revoked_sessions_expires_idx on revoked_sessions (expires_at);

-- The last TOTP time step accepted for the user: a code is accepted once.
alter table users add column totp_last_step bigint;

-- The token a registration returns, which alone allows the follow-up categories call for a short
-- while. vendor_id is null for the decoy handed out when the email was already registered, so both
-- answers look and behave the same.
create table registration_tokens (
  token_hash text primary key,
  vendor_id integer references users (id) on delete cascade,
  expires_at timestamptz not null
);
create index registration_tokens_expires_idx on registration_tokens (expires_at);
