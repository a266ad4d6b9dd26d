-- =====================================================================================================
-- pg_net for the local stack: hosted Supabase's `net` interface (supabase/pg_net 0.19/0.20: net.http_get,
-- net.http_post, net.http_delete, net.http_request_queue, net._http_response, the same grants), written for
-- this stack, not copied. Hosted has a C background worker that sends the queued requests; here the stack's
-- `net` part (supabase/local/src/net/) does: it listens on channel pg_net_wake (net.wake()) and polls, takes
-- queue rows (deleting them), sends them with their timeout and writes net._http_response; it prunes responses
-- older than pg_net.ttl (default 6 hours). It serves the database named postgres, as pg_net.database_name.
-- A real extension (CREATE EXTENSION pg_net), so migrations say `create extension if not exists pg_net
-- with schema extensions` here as on hosted.
-- =====================================================================================================

\echo Use "CREATE EXTENSION pg_net" to load this file. \quit

create schema if not exists net;
comment on schema net is 'pg_net: asynchronous HTTP requests from SQL (local stack: sent by the stack''s net part).';

-- -----------------------------------------------------------------------------------------------------
-- Queue and responses
-- -----------------------------------------------------------------------------------------------------
create domain net.http_method as text
  check (value ilike 'get' or value ilike 'post' or value ilike 'delete');
comment on domain net.http_method is 'The HTTP methods pg_net sends: GET, POST, DELETE.';

create unlogged table net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds int not null
);
comment on table net.http_request_queue is
  'Requests waiting to be sent (unlogged, as on hosted). The sender deletes a row when it takes it.';

create unlogged table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out bool,
  error_msg text,
  created timestamptz not null default now()
);
comment on table net._http_response is
  'One row per sent request (id = the request id): the status, headers and body, or timed_out / error_msg. '
  'Deleted after pg_net.ttl (default 6 hours).';
create index on net._http_response (created);

-- -----------------------------------------------------------------------------------------------------
-- The sender (hosted: a background worker; here the stack's net part, a client named 'pg_net worker')
-- -----------------------------------------------------------------------------------------------------
create or replace function net.check_worker_is_up()
returns void
language plpgsql
as $$
begin
  if not exists (select from pg_catalog.pg_stat_activity where application_name = 'pg_net worker') then
    raise exception using
      message = 'the pg_net background worker is not up',
      detail = 'the local stack''s net part is not connected to this database',
      hint = 'start the local stack (npm run stack)';
  end if;
end
$$;
comment on function net.check_worker_is_up() is 'Raises an exception unless the sender (the stack''s net part) is connected.';

create or replace function net.wake()
returns void
language sql
as $$ select pg_catalog.pg_notify('pg_net_wake', '') $$;
comment on function net.wake() is 'Wakes the sender at commit (a notification on channel pg_net_wake).';

create or replace function net.worker_restart()
returns bool
language plpgsql
as $$
begin
  -- The net part has no state worth restarting: a wake makes it read its queue again.
  perform net.wake();
  return true;
end
$$;
comment on function net.worker_restart() is 'Hosted restarts its worker; locally the sender is woken to read the queue again.';

create or replace function net.wait_until_running()
returns void
language plpgsql
as $$
begin
  while not exists (select from pg_catalog.pg_stat_activity where application_name = 'pg_net worker') loop
    perform pg_catalog.pg_sleep(0.05);
  end loop;
end
$$;
comment on function net.wait_until_running() is 'Waits until the sender is connected.';

create or replace function net._await_response(request_id bigint)
returns bool
language plpgsql
as $$
begin
  while not exists (select from net._http_response r where r.id = request_id) loop
    perform pg_catalog.pg_sleep(0.05);
  end loop;
  return true;
end
$$;
comment on function net._await_response(bigint) is 'Waits until the response of request_id is recorded (it can only appear after the request''s transaction commits).';

-- -----------------------------------------------------------------------------------------------------
-- URL parameters (hosted: C functions over curl_easy_escape)
-- -----------------------------------------------------------------------------------------------------
create or replace function net._urlencode_string(string varchar)
returns text
language sql
immutable
as $$
  -- Percent-encodes every byte of the UTF-8 form except RFC 3986's unreserved characters, as curl does.
  select coalesce(pg_catalog.string_agg(
    case when pg_catalog.chr(b) ~ '^[A-Za-z0-9._~-]$' then pg_catalog.chr(b)
         else '%' || pg_catalog.upper(pg_catalog.lpad(pg_catalog.to_hex(b), 2, '0')) end,
    '' order by i), '')
  from (
    select i, pg_catalog.get_byte(pg_catalog.convert_to(string, 'UTF8'), i) as b
    from pg_catalog.generate_series(0, pg_catalog.octet_length(pg_catalog.convert_to(string, 'UTF8')) - 1) as i
  ) bytes
$$;
comment on function net._urlencode_string(varchar) is 'URL-encodes a string (unreserved characters kept, every other byte %XX).';

create or replace function net._encode_url_with_params_array(url text, params_array text[])
returns text
language sql
immutable
as $$
  select case
    when params_array is null or pg_catalog.cardinality(params_array) = 0 then url
    else url || case when pg_catalog.strpos(url, '?') > 0 then '&' else '?' end || pg_catalog.array_to_string(params_array, '&')
  end
$$;
comment on function net._encode_url_with_params_array(text, text[]) is 'Appends encoded key=value pairs to a URL (after ? or &).';

-- -----------------------------------------------------------------------------------------------------
-- The public interface: each returns the request id at once; the sender does the HTTP after commit
-- -----------------------------------------------------------------------------------------------------
create or replace function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000
)
returns bigint
language plpgsql
as $$
declare
  request_id bigint;
  params_array text[];
begin
  select coalesce(pg_catalog.array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array
  from pg_catalog.jsonb_each_text(params);

  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', net._encode_url_with_params_array(url, params_array), headers, timeout_milliseconds)
  returning id into request_id;

  perform net.wake();
  return request_id;
end
$$;
comment on function net.http_get(text, jsonb, jsonb, int) is 'Queues a GET request; returns its id (the response appears in net._http_response).';

create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds int default 5000
)
returns bigint
language plpgsql
as $$
declare
  request_id bigint;
  params_array text[];
  content_type text;
begin
  select h.value into content_type
  from pg_catalog.jsonb_each_text(coalesce(headers, '{}'::jsonb)) as h(name, value)
  where pg_catalog.lower(h.name) = 'content-type'
  limit 1;

  -- The body is JSON: a missing Content-Type is added, any other one refused.
  if content_type is null then
    headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
  elsif content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;

  select coalesce(pg_catalog.array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array
  from pg_catalog.jsonb_each_text(params);

  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', net._encode_url_with_params_array(url, params_array), headers, pg_catalog.convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;

  perform net.wake();
  return request_id;
end
$$;
comment on function net.http_post(text, jsonb, jsonb, jsonb, int) is
  'Queues a POST of a JSON body (Content-Type application/json, added when missing; any other is an error); returns its id.';

create or replace function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000,
  body jsonb default null
)
returns bigint
language plpgsql
as $$
declare
  request_id bigint;
  params_array text[];
begin
  select coalesce(pg_catalog.array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  into params_array
  from pg_catalog.jsonb_each_text(params);

  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('DELETE', net._encode_url_with_params_array(url, params_array), headers, pg_catalog.convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;

  perform net.wake();
  return request_id;
end
$$;
comment on function net.http_delete(text, jsonb, jsonb, int, jsonb) is 'Queues a DELETE request (optionally with a JSON body); returns its id.';

-- -----------------------------------------------------------------------------------------------------
-- Reading a response back (hosted's older interface, kept by pg_net)
-- -----------------------------------------------------------------------------------------------------
create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
create type net.http_response as (status_code integer, headers jsonb, body text);
create type net.http_response_result as (status net.request_status, message text, response net.http_response);

create or replace function net._http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result
language plpgsql
as $$
declare
  rec net._http_response;
begin
  if not async then
    perform net._await_response(request_id);
  end if;

  select * into rec from net._http_response r where r.id = request_id;

  if rec is null or rec.error_msg is not null then
    -- Still waiting, unknown id, or failed: indistinguishable apart from the message, as on hosted.
    return ('ERROR', coalesce(rec.error_msg, 'request matching request_id not found'), null)::net.http_response_result;
  end if;
  return ('SUCCESS', 'ok', (rec.status_code, rec.headers, rec.content)::net.http_response)::net.http_response_result;
end
$$;
comment on function net._http_collect_response(bigint, bool) is 'The response of a request as a result type (ERROR while none is recorded).';

create or replace function net.http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result
language plpgsql
as $$
begin
  raise notice 'The net.http_collect_response function is deprecated.';
  return net._http_collect_response(request_id, async);
end
$$;
comment on function net.http_collect_response(bigint, bool) is 'Deprecated alias of net._http_collect_response.';

-- -----------------------------------------------------------------------------------------------------
-- Privileges, as hosted: pg_net grants the schema and its tables to PUBLIC (functions keep PUBLIC's default
-- execute); Supabase's grant_pg_net_access() adds usage for the API roles.
-- -----------------------------------------------------------------------------------------------------
grant usage on schema net to public;
-- Hosted runs extension scripts as supabase_admin, so the functions keep PUBLIC's execute; here the script runs as
-- postgres, whose default privileges (migration 20261122001300_database_hygiene) would withhold it.
grant execute on all functions in schema net to public;
grant all on all sequences in schema net to public;
grant all on all tables in schema net to public;
grant usage on schema net to postgres, anon, authenticated, service_role;
