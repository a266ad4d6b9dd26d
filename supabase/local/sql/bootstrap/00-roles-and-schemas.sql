-- =====================================================================================================
-- Bootstrap: what a hosted Supabase database already has and the project's migrations may rely on.
-- Applied by the local stack before migrations on every start; idempotent; never a migration.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- API roles, as the Supabase images create them
-- -----------------------------------------------------------------------------------------------------
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit password 'postgres';
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin nologin noinherit;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- -----------------------------------------------------------------------------------------------------
-- Extensions live in their own schema, as on hosted Supabase
-- -----------------------------------------------------------------------------------------------------
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

-- -----------------------------------------------------------------------------------------------------
-- public: the API roles may use it; what the owner creates there is granted to them by default and
-- row-level security decides what each may see (Supabase's defaults).
-- -----------------------------------------------------------------------------------------------------
grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Realtime publication: migrations add their tables to it
-- -----------------------------------------------------------------------------------------------------
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- -----------------------------------------------------------------------------------------------------
-- graphql_public: PostgREST is configured with schemas public,graphql_public as by the Supabase CLI
-- -----------------------------------------------------------------------------------------------------
create schema if not exists graphql_public;
grant usage on schema graphql_public to anon, authenticated, service_role;
