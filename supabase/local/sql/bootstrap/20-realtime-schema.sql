-- =====================================================================================================
-- Bootstrap: the `realtime` schema objects hosted Supabase has and projects write policies against —
-- realtime.messages (whose RLS policies authorize private channels: select = receive, insert = send) and
-- realtime.topic(). Shaped like Supabase Realtime's own tenant migrations (supabase/realtime v2.102).
-- Applied by the local stack before migrations on every start; idempotent; never a migration.
-- =====================================================================================================

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;
comment on schema realtime is 'Supabase Realtime''s objects: messages (private channel authorization) and topic().';

-- -----------------------------------------------------------------------------------------------------
-- realtime.messages: partitioned by inserted_at as on hosted Supabase, where the service keeps daily
-- partitions. Locally one default partition takes every row: the service's own inserts are rolled back (it
-- only evaluates the policies), and the committed rows are realtime.send()'s
-- broadcasts, which stay (hosted drops old daily partitions; nothing prunes them locally).
-- -----------------------------------------------------------------------------------------------------
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_pkey primary key (id, inserted_at),
  constraint messages_payload_exclusivity check (payload is null or binary_payload is null)
) partition by range (inserted_at);
comment on table realtime.messages is
  'Realtime messages; its RLS policies decide who may receive (select) and send (insert) on private channels.';

create table if not exists realtime.messages_default partition of realtime.messages default;
comment on table realtime.messages_default is 'The local stack''s one partition of realtime.messages (hosted: daily partitions).';

create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;

alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- realtime.topic(): the channel topic being authorized (the service sets `realtime.topic` per check)
-- -----------------------------------------------------------------------------------------------------
create or replace function realtime.topic()
returns text
language sql
stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;
comment on function realtime.topic() is
  'The topic (without "realtime:") of the private channel whose access is being checked; null outside a check.';
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- realtime.send(): Broadcast from the database, shaped as hosted Realtime's function — security invoker
-- (the caller needs insert on realtime.messages, and RLS applies to roles that do not bypass it), sets
-- realtime.topic for the insert policies, and never aborts the caller: a failed send is only a WARNING.
-- The row reaches subscribers after commit, through the supabase_realtime_messages_publication below
-- (the local service streams it; nothing is delivered for a rolled-back transaction).
-- -----------------------------------------------------------------------------------------------------
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
begin
  begin
    perform pg_catalog.set_config('realtime.topic', topic, true);
    insert into realtime.messages (payload, event, topic, private, extension)
    values (payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;
comment on function realtime.send(jsonb, text, text, boolean) is
  'Broadcasts {event, payload} to the subscribers of topic (a private channel unless private is false) once the '
  'calling transaction commits. Errors are reported as a WARNING and never abort the caller.';
grant execute on function realtime.send(jsonb, text, text, boolean) to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The publication hosted Realtime creates for its "broadcast changes" replication of realtime.messages
-- (committed inserts become broadcasts). Leaf partitions publish under their own names (messages_*).
-- -----------------------------------------------------------------------------------------------------
do $$
begin
  if not exists (select from pg_catalog.pg_publication where pubname = 'supabase_realtime_messages_publication') then
    create publication supabase_realtime_messages_publication for table realtime.messages;
  end if;
end
$$;
