/**
 * Our own catalog queries for the conditions Supabase's database advisors (the splinter lints,
 * github.com/supabase/splinter) report, written from their definitions: every ERROR and WARN lint that
 * looks at the database, plus the INFO ones the project's rules also forbid (unindexed foreign keys, tables
 * without a primary key, RLS enabled without a policy). Each query returns one row per finding, `finding`
 * naming the object. Each lint also carries a demonstration: statements that create the condition, so a test
 * can show the query catches it (inside a transaction that is rolled back).
 *
 * "Exposed" means reachable through PostgREST: the schemas of `pgrst.db_schemas`, which the caller sets from
 * supabase/config.toml's [api] schemas (hosted Supabase sets the same setting). Schemas Supabase owns are
 * left out, as the advisors leave them out.
 */

export type LintLevel = 'ERROR' | 'WARN' | 'INFO';

export interface Lint {
  /** splinter's number and name. */
  id: string;
  level: LintLevel;
  /** What the finding means, in a sentence. */
  title: string;
  /** Returns one row `{ finding: text }` per object that has the condition. */
  query: string;
  /** A SQL condition the lint applies under (what it inspects exists); when false the lint has no findings. */
  requires?: string;
  /** Statements that create the condition (run in a transaction that is rolled back) and the finding they cause. */
  demonstration: { setup: string[]; finding: string };
}

/** Schemas Supabase (or the local stack's stand-ins for it) owns; the advisors do not look into them. */
const SUPABASE_SCHEMAS = `array[
  '_timescaledb_cache', '_timescaledb_catalog', '_timescaledb_config', '_timescaledb_internal', 'auth', 'cron',
  'extensions', 'graphql', 'graphql_public', 'information_schema', 'net', 'pgmq', 'pgroonga', 'pgsodium',
  'pgsodium_masks', 'pgtle', 'pgbouncer', 'pg_catalog', 'pg_toast', 'realtime', 'repack', 'storage',
  'supabase_functions', 'supabase_migrations', 'tiger', 'topology', 'vault', '_realtime'
]::text[]`;

/** Same, but keeping realtime: its messages table's policies are the project's own (private channels). */
const SUPABASE_SCHEMAS_BUT_REALTIME = `array(select s from unnest(${SUPABASE_SCHEMAS}) s where s <> 'realtime')`;

const EXPOSED_SCHEMAS = `array(select btrim(s) from unnest(string_to_array(coalesce(current_setting('pgrst.db_schemas', true), ''), ',')) s where btrim(s) <> '')`;

/** Readable by an API role (anon or authenticated). */
const API_READABLE = `(has_table_privilege('anon', c.oid, 'SELECT') or has_table_privilege('authenticated', c.oid, 'SELECT'))`;

const NOT_EXTENSION_OWNED = (oidColumn: string, catalog: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oidColumn} and d.deptype = 'e')`;

const SECURITY_INVOKER_VIEW = `(lower(coalesce(c.reloptions::text, '{}'))::text[] && array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on'])`;

/** Policies with their expressions as text (pg_policies' deparsed form), table and schema. */
const POLICIES = `(
  select n.nspname as schema_name, c.relname as table_name, c.relrowsecurity as rls_on, c.relkind, p.polname,
         p.polpermissive, p.polroles, p.polcmd,
         pg_get_expr(p.polqual, p.polrelid) as qual, pg_get_expr(p.polwithcheck, p.polrelid) as with_check
  from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
)`;

export const LINTS: Lint[] = [
  {
    id: '0001_unindexed_foreign_keys',
    level: 'INFO',
    title: 'A foreign key has no index whose leading columns are its columns',
    query: `
      select format('%s.%s: %s', n.nspname, cl.relname, con.conname) as finding
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_namespace n on n.oid = cl.relnamespace
      where con.contype = 'f'
        and n.nspname <> all (${SUPABASE_SCHEMAS})
        and ${NOT_EXTENSION_OWNED('cl.oid', 'pg_class')}
        and not exists (
          select 1 from pg_index i
          where i.indrelid = con.conrelid and i.indisvalid
            and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(con.conkey)] = con.conkey)`,
    demonstration: {
      setup: [
        'create table public.lint_parent (id bigint primary key)',
        'create table public.lint_child (id bigint primary key, parent_id bigint references public.lint_parent (id))',
      ],
      finding: 'public.lint_child: lint_child_parent_id_fkey',
    },
  },
  {
    id: '0002_auth_users_exposed',
    level: 'ERROR',
    title: 'A view or materialized view in an exposed schema hands auth.users to API roles',
    query: `
      select distinct format('%s.%s', n.nspname, c.relname) as finding
      from pg_depend d
      join pg_rewrite r on r.oid = d.objid
      join pg_class c on c.oid = r.ev_class
      join pg_namespace n on n.oid = c.relnamespace
      where d.refobjid = 'auth.users'::regclass and d.deptype = 'n'
        and n.nspname = any (${EXPOSED_SCHEMAS})
        and ${API_READABLE}
        and (c.relkind = 'm'
          or (c.relkind = 'v' and not ${SECURITY_INVOKER_VIEW})
          or (c.relkind = 'v' and ${SECURITY_INVOKER_VIEW} and not (select u.relrowsecurity from pg_class u where u.oid = 'auth.users'::regclass)))`,
    demonstration: {
      setup: ['create view public.lint_user_emails as select id, email from auth.users', 'grant select on public.lint_user_emails to authenticated'],
      finding: 'public.lint_user_emails',
    },
  },
  {
    id: '0003_auth_rls_initplan',
    level: 'WARN',
    title: 'A policy calls auth.uid()/auth.jwt()/auth.role()/auth.email()/current_setting() per row instead of once through (select ...)',
    // Stricter than the advisor: every call must be wrapped, not just one of them.
    query: `
      select format('%s.%s: %s', schema_name, table_name, polname) as finding
      from ${POLICIES} p, lateral (select coalesce(qual, '') || ' ' || coalesce(with_check, '') as expr) e
      where rls_on and schema_name <> all (${SUPABASE_SCHEMAS_BUT_REALTIME})
        and regexp_count(e.expr, '(auth\\.(uid|jwt|role|email)|current_setting)\\(')
          > regexp_count(lower(e.expr), 'select (auth\\.(uid|jwt|role|email)|current_setting)\\(')`,
    demonstration: {
      setup: [
        'create table public.lint_notes (id bigint primary key, owner_id uuid)',
        'alter table public.lint_notes enable row level security',
        'create policy "Owners read their notes" on public.lint_notes for select to authenticated using (owner_id = auth.uid())',
      ],
      finding: 'public.lint_notes: Owners read their notes',
    },
  },
  {
    id: '0004_no_primary_key',
    level: 'INFO',
    title: 'A table has no primary key',
    query: `
      select format('%s.%s', n.nspname, c.relname) as finding
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname <> all (${SUPABASE_SCHEMAS})
        and ${NOT_EXTENSION_OWNED('c.oid', 'pg_class')}
        and not exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary)`,
    demonstration: { setup: ['create table public.lint_no_key (value text)'], finding: 'public.lint_no_key' },
  },
  {
    id: '0006_multiple_permissive_policies',
    level: 'WARN',
    title: 'Two permissive policies apply to the same role and command of a table',
    query: `
      select format('%s.%s: %s %s (%s)', p.schema_name, p.table_name, r.rolname, cmd, string_agg(p.polname, ', ' order by p.polname)) as finding
      from ${POLICIES} p
      join pg_roles r on p.polroles @> array[r.oid] or p.polroles = array[0::oid]
      cross join lateral unnest(case p.polcmd when 'r' then array['SELECT'] when 'a' then array['INSERT'] when 'w' then array['UPDATE']
                                   when 'd' then array['DELETE'] else array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] end) cmd
      where p.relkind = 'r' and p.polpermissive
        and p.schema_name <> all (${SUPABASE_SCHEMAS})
        and r.rolname not like 'pg\\_%' and r.rolname not like 'supabase%admin' and not r.rolbypassrls
      group by p.schema_name, p.table_name, r.rolname, cmd
      having count(*) > 1`,
    demonstration: {
      setup: [
        'create table public.lint_twice (id bigint primary key, owner_id uuid)',
        'alter table public.lint_twice enable row level security',
        'create policy "Owners read" on public.lint_twice for select to authenticated using (owner_id = (select auth.uid()))',
        'create policy "Everyone reads" on public.lint_twice for all to authenticated using (true)',
      ],
      finding: 'public.lint_twice: authenticated SELECT (Everyone reads, Owners read)',
    },
  },
  {
    id: '0007_policy_exists_rls_disabled',
    level: 'ERROR',
    title: 'A table has policies but row-level security is off, so they do nothing',
    query: `
      select distinct format('%s.%s', schema_name, table_name) as finding
      from ${POLICIES} p
      where relkind = 'r' and not rls_on and schema_name <> all (${SUPABASE_SCHEMAS})`,
    demonstration: {
      setup: [
        'create table public.lint_policy_only (id bigint primary key)',
        'create policy "Staff read" on public.lint_policy_only for select to authenticated using (true)',
      ],
      finding: 'public.lint_policy_only',
    },
  },
  {
    id: '0008_rls_enabled_no_policy',
    level: 'INFO',
    title: 'A table has row-level security on but no policy (nobody but the owner can use it)',
    query: `
      select format('%s.%s', n.nspname, c.relname) as finding
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and c.relrowsecurity
        and n.nspname <> all (${SUPABASE_SCHEMAS})
        and ${NOT_EXTENSION_OWNED('c.oid', 'pg_class')}
        and not exists (select 1 from pg_policy p where p.polrelid = c.oid)`,
    demonstration: {
      setup: ['create table public.lint_locked (id bigint primary key)', 'alter table public.lint_locked enable row level security'],
      finding: 'public.lint_locked',
    },
  },
  {
    id: '0009_duplicate_index',
    level: 'WARN',
    title: 'Two indexes of a table are identical',
    query: `
      select format('%s.%s: %s', i.schemaname, i.tablename, string_agg(i.indexname, ', ' order by i.indexname)) as finding
      from pg_indexes i
      join pg_namespace n on n.nspname = i.schemaname
      join pg_class c on c.relnamespace = n.oid and c.relname = i.tablename
      where c.relkind in ('r', 'm') and i.schemaname <> all (${SUPABASE_SCHEMAS})
        and ${NOT_EXTENSION_OWNED('c.oid', 'pg_class')}
      group by i.schemaname, i.tablename, replace(i.indexdef, i.indexname, '')
      having count(*) > 1`,
    demonstration: {
      setup: [
        'create table public.lint_indexed (id bigint primary key, name text)',
        'create index lint_indexed_name_a on public.lint_indexed (name)',
        'create index lint_indexed_name_b on public.lint_indexed (name)',
      ],
      finding: 'public.lint_indexed: lint_indexed_name_a, lint_indexed_name_b',
    },
  },
  {
    id: '0010_security_definer_view',
    level: 'ERROR',
    title: 'A view in an exposed schema runs with its owner\'s rights (no security_invoker), bypassing the reader\'s RLS',
    query: `
      select format('%s.%s', n.nspname, c.relname) as finding
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'v' and ${API_READABLE}
        and n.nspname = any (${EXPOSED_SCHEMAS}) and n.nspname <> all (${SUPABASE_SCHEMAS})
        and ${NOT_EXTENSION_OWNED('c.oid', 'pg_class')}
        and not ${SECURITY_INVOKER_VIEW}`,
    demonstration: {
      setup: ['create view public.lint_patient_names as select first_name from public.patients', 'grant select on public.lint_patient_names to authenticated'],
      finding: 'public.lint_patient_names',
    },
  },
  {
    id: '0011_function_search_path_mutable',
    level: 'WARN',
    title: 'A function does not pin its search_path, so a caller\'s search_path can redirect what it calls',
    query: `
      select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as finding
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname <> all (${SUPABASE_SCHEMAS})
        and ${NOT_EXTENSION_OWNED('p.oid', 'pg_proc')}
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) setting where setting like 'search\\_path=%')`,
    demonstration: {
      setup: ['create function private.lint_loose_path() returns int language sql as $$ select 1 $$'],
      finding: 'private.lint_loose_path()',
    },
  },
  {
    id: '0013_rls_disabled_in_public',
    level: 'ERROR',
    title: 'A table in an exposed schema is readable by API roles with row-level security off',
    query: `
      select format('%s.%s', n.nspname, c.relname) as finding
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and not c.relrowsecurity and ${API_READABLE}
        and n.nspname = any (${EXPOSED_SCHEMAS}) and n.nspname <> all (${SUPABASE_SCHEMAS})`,
    demonstration: { setup: ['create table public.lint_open (id bigint primary key)'], finding: 'public.lint_open' },
  },
  {
    id: '0014_extension_in_public',
    level: 'WARN',
    title: 'An extension is installed in the public schema',
    query: `
      select e.extname as finding from pg_extension e
      where e.extname <> 'plpgsql' and e.extnamespace = 'public'::regnamespace`,
    demonstration: { setup: ['create extension citext schema public'], finding: 'citext' },
  },
  {
    id: '0015_rls_references_user_metadata',
    level: 'ERROR',
    title: 'A policy trusts user_metadata, which every user can edit',
    query: `
      select format('%s.%s: %s', schema_name, table_name, polname) as finding
      from ${POLICIES} p, lateral (select coalesce(qual, '') || ' ' || coalesce(with_check, '') as expr) e
      where schema_name <> all (${SUPABASE_SCHEMAS_BUT_REALTIME})
        and (e.expr like '%auth.jwt()%user\\_metadata%' or e.expr like '%current\\_setting(%request.jwt.claim%user\\_metadata%')`,
    demonstration: {
      setup: [
        'create table public.lint_by_metadata (id bigint primary key, pharmacy_id uuid)',
        'alter table public.lint_by_metadata enable row level security',
        `create policy "Staff read by metadata" on public.lint_by_metadata for select to authenticated
           using (pharmacy_id = ((select auth.jwt()) -> 'user_metadata' ->> 'pharmacy_id')::uuid)`,
      ],
      finding: 'public.lint_by_metadata: Staff read by metadata',
    },
  },
  {
    id: '0016_materialized_view_in_api',
    level: 'WARN',
    title: 'A materialized view (which has no row-level security) is readable through the API',
    query: `
      select format('%s.%s', n.nspname, c.relname) as finding
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'm' and ${API_READABLE}
        and n.nspname = any (${EXPOSED_SCHEMAS}) and n.nspname <> all (${SUPABASE_SCHEMAS})
        and ${NOT_EXTENSION_OWNED('c.oid', 'pg_class')}`,
    demonstration: {
      setup: ['create materialized view public.lint_patient_count as select count(*) from public.patients', 'grant select on public.lint_patient_count to authenticated'],
      finding: 'public.lint_patient_count',
    },
  },
  {
    id: '0017_foreign_table_in_api',
    level: 'WARN',
    title: 'A foreign table (which has no row-level security) is readable through the API',
    query: `
      select format('%s.%s', n.nspname, c.relname) as finding
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'f' and ${API_READABLE}
        and n.nspname = any (${EXPOSED_SCHEMAS}) and n.nspname <> all (${SUPABASE_SCHEMAS})
        and ${NOT_EXTENSION_OWNED('c.oid', 'pg_class')}`,
    demonstration: {
      setup: [
        'create foreign data wrapper lint_wrapper',
        'create server lint_server foreign data wrapper lint_wrapper',
        'create foreign table public.lint_remote (id bigint) server lint_server',
        'grant select on public.lint_remote to authenticated',
      ],
      finding: 'public.lint_remote',
    },
  },
  {
    id: '0018_unsupported_reg_types',
    level: 'WARN',
    title: 'A column stores a reg* type that pg_upgrade cannot carry over',
    query: `
      select format('%s.%s.%s', n.nspname, c.relname, a.attname) as finding
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid
      where a.attnum > 0 and not a.attisdropped
        and t.typnamespace = 'pg_catalog'::regnamespace
        and t.typname in ('regcollation', 'regconfig', 'regdictionary', 'regnamespace', 'regoper', 'regoperator', 'regproc', 'regprocedure')
        and n.nspname not in ('pg_catalog', 'information_schema', 'pgsodium')`,
    demonstration: {
      setup: ['create table public.lint_handlers (id bigint primary key, handler regproc)'],
      finding: 'public.lint_handlers.handler',
    },
  },
  {
    id: '0019_insecure_queue_exposed_in_api',
    level: 'ERROR',
    title: 'A pgmq queue table without row-level security is reachable through the exposed pgmq_public schema',
    query: `
      select format('%s.%s', n.nspname, c.relname) as finding
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relrowsecurity and ${API_READABLE}
        and n.nspname = 'pgmq' and c.relname like 'q\\_%'
        and 'pgmq_public' = any (${EXPOSED_SCHEMAS})`,
    demonstration: {
      setup: [
        `select set_config('pgrst.db_schemas', current_setting('pgrst.db_schemas') || ',pgmq_public', true)`,
        'create schema pgmq',
        'create table pgmq.q_label_jobs (msg_id bigint primary key)',
        'grant usage on schema pgmq to authenticated',
        'grant select on pgmq.q_label_jobs to authenticated',
      ],
      finding: 'pgmq.q_label_jobs',
    },
  },
  {
    id: '0021_fkey_to_auth_unique',
    level: 'ERROR',
    title: 'A foreign key points at a unique constraint of the auth schema (Supabase may change those)',
    query: `
      select format('%s.%s: %s', n.nspname, c.relname, con.conname) as finding
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_class target on target.oid = con.confrelid
      join pg_index i on i.indexrelid = con.conindid
      where con.contype = 'f' and target.relnamespace = 'auth'::regnamespace and i.indisunique and not i.indisprimary`,
    demonstration: {
      setup: [
        'create unique index lint_users_phone_key on auth.users (phone)',
        'create table public.lint_phone_book (id bigint primary key, phone text references auth.users (phone))',
        'create index on public.lint_phone_book (phone)',
      ],
      finding: 'public.lint_phone_book: lint_phone_book_phone_fkey',
    },
  },
  {
    id: '0022_extension_versions_outdated',
    level: 'WARN',
    title: 'An extension is not at its default (recommended) version',
    query: `
      select format('%s %s', e.name, e.installed_version) as finding
      from pg_available_extensions e
      where e.installed_version is not null and e.default_version is not null and e.installed_version <> e.default_version
        and exists (select 1 from pg_available_extension_versions v where v.name = e.name and v.installed)`,
    demonstration: { setup: [`create extension hstore version '1.4' schema extensions`], finding: 'hstore 1.4' },
  },
  {
    id: '0023_sensitive_columns_exposed',
    level: 'ERROR',
    title: 'A table readable through the API without row-level security has credential, identity, financial or health columns',
    query: `
      select format('%s.%s.%s', n.nspname, c.relname, a.attname) as finding
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind = 'r' and not c.relrowsecurity and ${API_READABLE}
        and n.nspname = any (${EXPOSED_SCHEMAS}) and n.nspname <> all (${SUPABASE_SCHEMAS})
        and replace(lower(a.attname), '-', '_') = any (array[
          'password', 'passwd', 'pwd', 'passphrase', 'secret', 'secret_key', 'private_key', 'api_key', 'apikey',
          'auth_key', 'token', 'jwt', 'access_token', 'refresh_token', 'oauth_token', 'session_token', 'bearer_token',
          'auth_code', 'session_id', 'session_key', 'session_secret', 'recovery_code', 'backup_code',
          'verification_code', 'otp', 'two_factor', '2fa_secret', '2fa_code', 'ssn', 'social_security',
          'social_security_number', 'driver_license', 'drivers_license', 'license_number', 'passport_number',
          'passport_id', 'national_id', 'tax_id', 'credit_card', 'card_number', 'cvv', 'cvc', 'cvn', 'bank_account',
          'account_number', 'routing_number', 'iban', 'swift_code', 'bic', 'health_record', 'medical_record',
          'patient_id', 'insurance_number', 'health_insurance', 'medical_insurance', 'treatment', 'mac_address',
          'macaddr', 'imei', 'device_uuid', 'pgp_key', 'gpg_key', 'ssh_key', 'certificate', 'license_key',
          'activation_key', 'facial_recognition'])`,
    demonstration: {
      setup: ['create table public.lint_licenses (id bigint primary key, license_number text)'],
      finding: 'public.lint_licenses.license_number',
    },
  },
  {
    id: '0024_rls_policy_always_true',
    level: 'WARN',
    title: 'A permissive insert/update/delete policy for API roles lets every row through (true)',
    query: `
      select format('%s.%s: %s', schema_name, table_name, polname) as finding
      from ${POLICIES} p,
        lateral (select regexp_replace(lower(coalesce(qual, '')), '\\s', '', 'g') as q,
                        regexp_replace(lower(coalesce(with_check, '')), '\\s', '', 'g') as w) e
      where relkind = 'r' and rls_on and polpermissive
        and schema_name <> all (${SUPABASE_SCHEMAS})
        and (polroles = array[0::oid] or polroles && array['anon'::regrole::oid, 'authenticated'::regrole::oid])
        and (
          (polcmd in ('w', 'd', '*') and (e.q in ('true', '(true)', '1=1', '(1=1)') or qual is null))
          or e.w in ('true', '(true)', '1=1', '(1=1)')
          or (with_check is null and polcmd = 'a')
          or (with_check is null and polcmd in ('w', '*') and e.q in ('true', '(true)', '1=1', '(1=1)')))`,
    demonstration: {
      setup: [
        'create table public.lint_writable (id bigint primary key)',
        'alter table public.lint_writable enable row level security',
        'create policy "Anyone can change anything" on public.lint_writable for update to authenticated using (true) with check (true)',
      ],
      finding: 'public.lint_writable: Anyone can change anything',
    },
  },
  {
    id: '0025_public_bucket_allows_listing',
    level: 'WARN',
    title: 'A public storage bucket also lets API roles list its objects',
    requires: `to_regclass('storage.buckets') is not null and to_regclass('storage.objects') is not null`,
    query: `
      select format('storage bucket %s: %s', b.id, p.polname) as finding
      from storage.buckets b
      join pg_policy p on p.polrelid = 'storage.objects'::regclass
      cross join lateral (select pg_get_expr(p.polqual, p.polrelid) as qual) q
      where b.public and p.polcmd in ('r', '*') and p.polpermissive
        and (p.polroles = array[0::oid] or p.polroles && array['anon'::regrole::oid, 'authenticated'::regrole::oid])
        and (q.qual is null
          or regexp_replace(lower(q.qual), '\\s', '', 'g') in ('true', '(true)', '1=1', '(1=1)')
          or q.qual ~* ('^\\s*\\(*\\s*bucket_id\\s*=\\s*' || quote_literal(b.id) || '(\\s*::\\s*[[:alnum:]_.]+)?\\s*\\)*\\s*$'))`,
    demonstration: {
      setup: [
        // The storage schema is the bootstrap's (as on hosted Supabase); the demonstration is rolled back.
        `insert into storage.buckets (id, name, public) values ('lint-demo-labels', 'lint-demo-labels', true)`,
        `create policy "Anyone lists labels" on storage.objects for select to anon using (bucket_id = 'lint-demo-labels')`,
      ],
      finding: 'storage bucket lint-demo-labels: Anyone lists labels',
    },
  },
  {
    id: '0026_pg_graphql_anon_table_exposed',
    level: 'WARN',
    title: 'With pg_graphql installed, anon can discover a relation (any selectable column) through GraphQL introspection',
    query: graphqlExposure('anon'),
    demonstration: graphqlDemonstration('anon'),
  },
  {
    id: '0027_pg_graphql_authenticated_table_exposed',
    level: 'WARN',
    title: 'With pg_graphql installed, every signed-in user can discover a relation through GraphQL introspection',
    query: graphqlExposure('authenticated'),
    demonstration: graphqlDemonstration('authenticated'),
  },
  {
    id: '0028_anon_security_definer_function_executable',
    level: 'WARN',
    title: 'anon can call a SECURITY DEFINER function of an exposed schema (runs with its owner\'s rights)',
    query: definerExecutable('anon'),
    demonstration: definerDemonstration('anon'),
  },
  {
    id: '0029_authenticated_security_definer_function_executable',
    level: 'WARN',
    title: 'Every signed-in user can call a SECURITY DEFINER function of an exposed schema (runs with its owner\'s rights)',
    query: definerExecutable('authenticated'),
    demonstration: definerDemonstration('authenticated'),
  },
];

/** pg_graphql shows a relation to a role that can select any of its columns; the lint fires only while pg_graphql is installed. */
function graphqlExposure(role: 'anon' | 'authenticated'): string {
  return `
    select format('%s.%s', n.nspname, c.relname) as finding
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'v', 'm', 'f')
      and exists (select 1 from pg_extension e where e.extname = coalesce(current_setting('lint.graphql_extension', true), 'pg_graphql'))
      and n.nspname <> all (${SUPABASE_SCHEMAS})
      and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                  and has_column_privilege('${role}', c.oid, a.attnum, 'SELECT'))`;
}

/**
 * pg_graphql cannot be installed locally, so the demonstration names another installed extension as the
 * one to look for (lint.graphql_extension) and shows that a relation the role can read is then reported.
 */
function graphqlDemonstration(role: 'anon' | 'authenticated'): Lint['demonstration'] {
  return {
    setup: [
      `select set_config('lint.graphql_extension', 'pgcrypto', true)`,
      'create table public.lint_discoverable (id bigint primary key)',
      'alter table public.lint_discoverable enable row level security',
      `grant select (id) on public.lint_discoverable to ${role}`,
    ],
    finding: 'public.lint_discoverable',
  };
}

function definerExecutable(role: 'anon' | 'authenticated'): string {
  return `
    select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as finding
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where p.prosecdef and has_function_privilege('${role}', p.oid, 'EXECUTE')
      and n.nspname = any (${EXPOSED_SCHEMAS}) and n.nspname <> all (${SUPABASE_SCHEMAS})`;
}

function definerDemonstration(role: 'anon' | 'authenticated'): Lint['demonstration'] {
  return {
    setup: [
      `create function public.lint_count_patients() returns bigint language sql security definer set search_path = ''
         as $$ select count(*) from public.patients $$`,
      'revoke execute on function public.lint_count_patients() from public, anon, authenticated',
      `grant execute on function public.lint_count_patients() to ${role}`,
    ],
    finding: 'public.lint_count_patients()',
  };
}

/**
 * 0012 (anonymous sign-ins) reads the Auth configuration, not the database: anonymous users get the
 * `authenticated` role, so every policy "to authenticated" would admit them. The findings of a config.toml text.
 */
export function anonymousSignInFindings(configToml: string): string[] {
  const auth = /^\[auth\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(configToml)?.[1] ?? '';
  const setting = /^\s*enable_anonymous_sign_ins\s*=\s*(\w+)/m.exec(auth)?.[1];
  return setting === 'false' ? [] : [`[auth] enable_anonymous_sign_ins = ${setting ?? '(unset)'}`];
}

/** The schemas PostgREST exposes, from config.toml's [api] schemas (as hosted Supabase's pgrst.db_schemas). */
export function exposedSchemas(configToml: string): string[] {
  const api = /^\[api\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(configToml)?.[1] ?? '';
  const list = /^\s*schemas\s*=\s*\[([^\]]*)\]/m.exec(api)?.[1] ?? '';
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}
