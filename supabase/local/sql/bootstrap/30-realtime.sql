-- =====================================================================================================
-- Bootstrap: the local Realtime service's private helpers (schema _realtime).
-- The service (supabase/local/src/realtime) connects as the superuser and calls these to validate
-- postgres_changes subscriptions and to decide, for a batch of changed rows, which subscribers' row-level
-- security lets them see each row — the way Supabase Realtime's walrus does, one round trip per batch.
-- Not exposed to the API roles. Idempotent; not a migration.
-- =====================================================================================================

create schema if not exists _realtime;
revoke all on schema _realtime from public;
comment on schema _realtime is 'Private helpers of the local Realtime service; not part of the API.';

-- -----------------------------------------------------------------------------------------------------
-- Subscription validation: the tables a postgres_changes binding resolves to, with what the service needs
-- to accept or refuse it for the subscriber's role.
-- -----------------------------------------------------------------------------------------------------
create or replace function _realtime.subscription_tables(subscriber_role text, schema_pattern text, table_pattern text)
returns table (
  table_oid oid,
  schema_name text,
  table_name text,
  published boolean,
  can_select boolean,
  column_names text[],
  selectable_column_names text[]
)
language sql
stable
set search_path = ''
as $$
  select
    c.oid,
    n.nspname::text,
    c.relname::text,
    exists (
      select 1 from pg_catalog.pg_publication_tables p
      where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
    ),
    pg_catalog.has_table_privilege(subscriber_role, c.oid, 'SELECT'),
    array(
      select a.attname::text from pg_catalog.pg_attribute a
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped order by a.attnum
    ),
    array(
      select a.attname::text from pg_catalog.pg_attribute a
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        and pg_catalog.has_column_privilege(subscriber_role, c.oid, a.attname, 'SELECT')
      order by a.attnum
    )
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p')
    and (schema_pattern = '*' or n.nspname = schema_pattern)
    and (table_pattern = '*' or c.relname = table_pattern)
    -- Wildcards only ever resolve to published tables, as on Supabase; a named table is reported either way.
    and (
      (schema_pattern <> '*' and table_pattern <> '*')
      or exists (
        select 1 from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
      )
    )
  order by n.nspname, c.relname
$$;
comment on function _realtime.subscription_tables(text, text, text) is
  'Tables a postgres_changes binding (schema/table, * for any) resolves to: publication membership, the role''s '
  'SELECT privilege, and all / selectable column names. Used by the local Realtime service at join time.';

-- -----------------------------------------------------------------------------------------------------
-- Table facts the change dispatcher needs: row-level security and the primary key (name, SQL type).
-- -----------------------------------------------------------------------------------------------------
create or replace function _realtime.table_info(table_oid oid)
returns table (row_security boolean, primary_key_names text[], primary_key_types text[])
language sql
stable
set search_path = ''
as $$
  select
    c.relrowsecurity,
    coalesce(array(
      select a.attname::text
      from pg_catalog.pg_index i
      cross join lateral unnest(i.indkey) with ordinality k(attnum, position)
      join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indrelid = c.oid and i.indisprimary
      order by k.position
    ), '{}'),
    coalesce(array(
      select pg_catalog.format_type(a.atttypid, null)
      from pg_catalog.pg_index i
      cross join lateral unnest(i.indkey) with ordinality k(attnum, position)
      join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indrelid = c.oid and i.indisprimary
      order by k.position
    ), '{}')
  from pg_catalog.pg_class c
  where c.oid = table_oid
$$;
comment on function _realtime.table_info(oid) is
  'Whether the table has row-level security enabled, and its primary key columns with their SQL types.';

-- -----------------------------------------------------------------------------------------------------
-- Type facts for turning pgoutput's text values into the JSON values Supabase sends (to_jsonb semantics).
-- -----------------------------------------------------------------------------------------------------
create or replace function _realtime.type_info(type_oids oid[])
returns table (type_oid oid, type_name text, base_type_name text, element_type_name text)
language sql
stable
set search_path = ''
as $$
  select
    t.oid,
    t.typname::text,
    -- A domain converts like its base type.
    coalesce((select b.typname::text from pg_catalog.pg_type b where b.oid = t.typbasetype and t.typtype = 'd'), t.typname::text),
    case when t.typcategory = 'A' then (
      select coalesce(eb.typname, e.typname)::text
      from pg_catalog.pg_type e
      left join pg_catalog.pg_type eb on eb.oid = e.typbasetype and e.typtype = 'd'
      where e.oid = t.typelem
    ) end
  from pg_catalog.pg_type t
  where t.oid = any (type_oids)
$$;
comment on function _realtime.type_info(oid[]) is
  'Name, base type name (for domains) and array element type name of the given types.';

-- -----------------------------------------------------------------------------------------------------
-- Row visibility for many subscribers in one call. For each claim set i (role_names[i], claims[i]) it
-- becomes that role with those request.jwt.claims — exactly what PostgREST does per request — and runs
-- check_statement (an EXECUTE of a statement the service prepared on this connection, returning the
-- 1-based indexes of the changed rows the role can select by primary key). Roles without SELECT on the
-- table see nothing (the check would fail). Role and claims are transaction-local and reset on return.
--
-- A transaction's commit reaches the replication stream a moment before other sessions can see it (its
-- WAL is written before it leaves the list of running transactions), and on a busy machine that moment
-- is long enough for the check to run first and find a just-inserted row invisible to everyone. So the
-- check first waits (briefly, bounded) until every replicated transaction of the batch (their 32-bit
-- xids from pgoutput's BEGIN) is visible to a new snapshot; each later statement takes a new snapshot.
-- -----------------------------------------------------------------------------------------------------
-- -----------------------------------------------------------------------------------------------------
-- The roles a JWT may name (as PostgREST and Realtime accept them): the checks below never take on another.
-- -----------------------------------------------------------------------------------------------------
create or replace function _realtime.is_api_role(role_name text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(role_name in ('anon', 'authenticated', 'service_role'), false)
$$;
comment on function _realtime.is_api_role(text) is
  'Whether a role named by a JWT is one the service may take on: anon, authenticated or service_role.';

drop function if exists _realtime.visible_rows(oid, text, text[], text[]);

create or replace function _realtime.await_visible_transactions(xids bigint[], max_wait interval)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  deadline timestamptz := pg_catalog.clock_timestamp() + max_wait;
  snapshot pg_catalog.pg_snapshot;
  next_full bigint;
begin
  loop
    snapshot := pg_catalog.pg_current_snapshot();
    next_full := pg_catalog.pg_snapshot_xmax(snapshot)::text::bigint;
    -- The full (epoch-qualified) xid is the latest one below the snapshot's xmax with those low 32 bits.
    if not exists (
      select 1
      from (select ((next_full >> 32) << 32) | x as candidate from unnest(xids) x) c
      where not pg_catalog.pg_visible_in_snapshot(
        (case when c.candidate >= next_full then c.candidate - 4294967296 else c.candidate end)::text::xid8, snapshot)
    ) then
      return true;
    end if;
    if pg_catalog.clock_timestamp() >= deadline then
      return false;
    end if;
    perform pg_catalog.pg_sleep(0.001);
  end loop;
end
$$;
comment on function _realtime.await_visible_transactions(bigint[], interval) is
  'Waits (up to max_wait) until the given committed transactions (32-bit xids) are visible to new snapshots; '
  'false when the wait ran out.';

create or replace function _realtime.visible_rows(table_oid oid, check_statement text, role_names text[], claims text[], committed_xids bigint[])
returns table (claim_index integer, row_index integer)
language plpgsql
volatile
set search_path = ''
as $$
declare
  i integer;
  visible_row integer;
  active_role text := null;
  role_may_select boolean := false;
begin
  perform _realtime.await_visible_transactions(committed_xids, interval '2 seconds');
  for i in 1 .. coalesce(array_length(claims, 1), 0) loop
    if role_names[i] is distinct from active_role then
      perform pg_catalog.set_config('role', 'none', true);
      -- Only the API roles a JWT may name are ever taken on; any other role sees nothing.
      role_may_select := _realtime.is_api_role(role_names[i])
        and pg_catalog.has_table_privilege(role_names[i], table_oid, 'SELECT');
      if role_may_select then
        perform pg_catalog.set_config('role', role_names[i], true);
      end if;
      active_role := role_names[i];
    end if;
    if role_may_select then
      perform pg_catalog.set_config('request.jwt.claims', claims[i], true);
      for visible_row in execute check_statement loop
        claim_index := i;
        row_index := visible_row;
        return next;
      end loop;
    end if;
  end loop;
  perform pg_catalog.set_config('role', 'none', true);
  perform pg_catalog.set_config('request.jwt.claims', '', true);
end
$$;
comment on function _realtime.visible_rows(oid, text, text[], text[], bigint[]) is
  'For each (role, JWT claims) pair, the changed rows (by index) that the role''s row-level security lets it '
  'select, evaluated as PostgREST would, once the replicated transactions (committed_xids) are visible. One call '
  'checks a batch of rows for every subscriber of a table.';

-- -----------------------------------------------------------------------------------------------------
-- Visibility of deleted rows. A deleted row can no longer be selected, so for a DELETE on a table with
-- REPLICA IDENTITY FULL the old row (from the WAL) is run through the SELECT policies that apply to each
-- subscriber's role, with that subscriber's claims — what its row-level security said of the row just
-- before the delete. Permissive policies are or-ed, restrictive ones and-ed, as Postgres combines them; a
-- role without a permissive policy, without SELECT on the table, or not an API role sees nothing.
-- old_rows is a JSON array of objects {column: text value or null}.
-- -----------------------------------------------------------------------------------------------------
create or replace function _realtime.select_policy_predicate(table_oid oid, role_name text)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when not _realtime.is_api_role(role_name) or not pg_catalog.has_table_privilege(role_name, table_oid, 'SELECT') then 'false'
    when (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = role_name) then 'true'
    else
      '(' || coalesce(pg_catalog.string_agg('(' || coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), 'false') || ')', ' or ')
        filter (where p.polpermissive), 'false') || ')'
      || coalesce(' and ' || pg_catalog.string_agg('(' || coalesce(pg_catalog.pg_get_expr(p.polqual, p.polrelid), 'true') || ')', ' and ')
        filter (where not p.polpermissive), '')
  end
  from pg_catalog.pg_policy p
  where p.polrelid = table_oid
    and p.polcmd in ('r', '*')
    and (0::oid = any (p.polroles)
         or exists (select 1 from unnest(p.polroles) applies(role_oid) where pg_catalog.pg_has_role(role_name, applies.role_oid, 'USAGE')))
$$;
comment on function _realtime.select_policy_predicate(oid, text) is
  'The combined USING expression of the SELECT policies that apply to a role on a table (false when none '
  'applies or the role may not select it), for evaluating row-level security on a deleted row.';

create or replace function _realtime.visible_old_rows(table_oid oid, old_rows jsonb, role_names text[], claims text[])
returns table (claim_index integer, row_index integer)
language plpgsql
volatile
set search_path = ''
as $$
declare
  i integer;
  visible_row integer;
  active_role text := null;
  statement text;
  api_role boolean := false;
  relation_name text := (select pg_catalog.quote_ident(c.relname) from pg_catalog.pg_class c where c.oid = table_oid);
begin
  for i in 1 .. coalesce(array_length(claims, 1), 0) loop
    if role_names[i] is distinct from active_role then
      perform pg_catalog.set_config('role', 'none', true);
      -- Decided before taking on the role (which may not use schema _realtime).
      api_role := _realtime.is_api_role(role_names[i]);
      -- The row is seen under the table's own name, so the policies' column references resolve to it.
      statement := pg_catalog.format(
        'select k.i::integer from pg_catalog.jsonb_array_elements($1) with ordinality as k(r, i) '
        'cross join lateral pg_catalog.jsonb_populate_record(null::%s, k.r) as %s where %s',
        table_oid::regclass, relation_name, _realtime.select_policy_predicate(table_oid, role_names[i]));
      if api_role then
        perform pg_catalog.set_config('role', role_names[i], true);
      end if;
      active_role := role_names[i];
    end if;
    if api_role then
      perform pg_catalog.set_config('request.jwt.claims', claims[i], true);
      for visible_row in execute statement using old_rows loop
        claim_index := i;
        row_index := visible_row;
        return next;
      end loop;
    end if;
  end loop;
  perform pg_catalog.set_config('role', 'none', true);
  perform pg_catalog.set_config('request.jwt.claims', '', true);
end
$$;
comment on function _realtime.visible_old_rows(oid, jsonb, text[], text[]) is
  'For each (role, JWT claims) pair, the deleted rows (by index in old_rows) that the role''s SELECT policies '
  'admitted, evaluated on the old row with those claims. DELETE events go only to those subscribers.';

-- -----------------------------------------------------------------------------------------------------
-- Private channels, authorized as hosted Realtime does: policies on realtime.messages with the joining
-- user's role and claims and realtime.topic() set. Receiving: a row per extension is inserted (as the
-- service) and selected back as the user; a visible row means that extension may be received. Sending:
-- the row is inserted as the user; a refusal (42501, or any error) means not allowed. Either way the rows
-- and settings are rolled back (the block ends by raising, which undoes its subtransaction).
-- -----------------------------------------------------------------------------------------------------
create or replace function _realtime.become_subscriber(channel_topic text, role_name text, claims text)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if not _realtime.is_api_role(role_name) then
    raise exception 'role % may not be taken on by realtime', role_name using errcode = '42501';
  end if;
  perform pg_catalog.set_config('role', role_name, true);
  perform pg_catalog.set_config('realtime.topic', channel_topic, true);
  perform pg_catalog.set_config('request.jwt.claims', claims, true);
  perform pg_catalog.set_config('request.jwt.claim.sub', coalesce(claims::jsonb ->> 'sub', ''), true);
  perform pg_catalog.set_config('request.jwt.claim.role', role_name, true);
end
$$;
comment on function _realtime.become_subscriber(text, text, text) is
  'Takes on an API role with its JWT claims and the topic being authorized (transaction-local settings).';

create or replace function _realtime.receivable_extensions(channel_topic text, role_name text, claims text, extensions text[])
returns text[]
language plpgsql
volatile
set search_path = ''
as $$
declare
  probe_ids uuid[];
  readable text[] := '{}';
begin
  begin
    with probes as (
      insert into realtime.messages (topic, extension, private)
      select channel_topic, e, true from unnest(extensions) e
      returning id
    )
    select pg_catalog.array_agg(id) into probe_ids from probes;
    perform _realtime.become_subscriber(channel_topic, role_name, claims);
    select coalesce(pg_catalog.array_agg(m.extension), '{}') into readable from realtime.messages m where m.id = any (probe_ids);
    raise sqlstate 'RT000';
  exception
    when sqlstate 'RT000' then null;
    when others then readable := '{}';
  end;
  return readable;
end
$$;
comment on function _realtime.receivable_extensions(text, text, text, text[]) is
  'Which of the extensions (broadcast, presence) the user may receive on a private channel topic, by the '
  'select policies of realtime.messages. Nothing on any error (fail closed).';

create or replace function _realtime.may_send(channel_topic text, role_name text, claims text, message_extension text)
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  allowed boolean := false;
begin
  begin
    perform _realtime.become_subscriber(channel_topic, role_name, claims);
    insert into realtime.messages (topic, extension, private) values (channel_topic, message_extension, true);
    allowed := true;
    raise sqlstate 'RT000';
  exception
    when sqlstate 'RT000' then null;
    when others then allowed := false;
  end;
  return allowed;
end
$$;
comment on function _realtime.may_send(text, text, text, text) is
  'Whether the user may send (broadcast, or track presence) on a private channel topic, by the insert '
  'policies of realtime.messages. False on any error (fail closed).';

revoke all on function _realtime.is_api_role(text) from public;
revoke all on function _realtime.select_policy_predicate(oid, text) from public;
revoke all on function _realtime.visible_old_rows(oid, jsonb, text[], text[]) from public;
revoke all on function _realtime.become_subscriber(text, text, text) from public;
revoke all on function _realtime.receivable_extensions(text, text, text, text[]) from public;
revoke all on function _realtime.may_send(text, text, text, text) from public;
revoke all on function _realtime.subscription_tables(text, text, text) from public;
revoke all on function _realtime.table_info(oid) from public;
revoke all on function _realtime.type_info(oid[]) from public;
revoke all on function _realtime.visible_rows(oid, text, text[], text[], bigint[]) from public;
revoke all on function _realtime.await_visible_transactions(bigint[], interval) from public;
