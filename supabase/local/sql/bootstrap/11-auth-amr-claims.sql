-- =====================================================================================================
-- Bootstrap: auth.mfa_amr_claims as Supabase Auth (GoTrue) has it: how each session was authenticated
-- (password, recovery, invite, totp...). The local auth service records a session opened by a recovery link
-- here, so that setting a new password in that session needs no current password (GoTrue's rule).
-- =====================================================================================================
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
comment on table auth.mfa_amr_claims is 'auth: stores authenticator method reference claims for multi factor authentication';
