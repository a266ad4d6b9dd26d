-- =====================================================================================================
-- Bootstrap: the `storage` schema hosted Supabase has and projects write bucket rows and RLS policies
-- against — storage.buckets, storage.objects, the path helpers foldername/filename/extension and the
-- search function the list route calls. Shaped like Supabase Storage's tenant migrations (supabase/storage
-- v1.60.x; written for this stack, not copied). The local storage part (supabase/local/src/storage) reads
-- and writes these tables as each caller, so the policies migrations put on storage.objects decide access.
-- Applied by the local stack before migrations on every start; idempotent; never a migration.
-- =====================================================================================================

create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;
comment on schema storage is 'Supabase Storage''s objects: buckets, objects (RLS decides access), path helpers.';

-- -----------------------------------------------------------------------------------------------------
-- storage.buckets
-- -----------------------------------------------------------------------------------------------------
do $$
begin
  if not exists (select from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'storage' and t.typname = 'buckettype') then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
comment on table storage.buckets is
  'Storage buckets: a private bucket serves objects only as RLS on storage.objects allows; file_size_limit is in bytes '
  '(null: the service''s global limit), allowed_mime_types accepts type/* wildcards (null or empty: any type).';
create unique index if not exists bname on storage.buckets using btree (name);
alter table storage.buckets enable row level security;

-- -----------------------------------------------------------------------------------------------------
-- storage.objects: one row per stored file; the file itself is kept by the storage service
-- -----------------------------------------------------------------------------------------------------
create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
comment on table storage.objects is
  'Stored objects: name is the path inside the bucket ("<folder>/<file>"), metadata holds size, mimetype, eTag, '
  'cacheControl, lastModified; version names the stored file. RLS policies written by migrations decide who may '
  'select (download, list, sign), insert (upload), update (upsert) and delete (remove).';
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);
alter table storage.objects enable row level security;

-- As on hosted Supabase (storage migration 0046): the API roles hold every privilege; RLS decides.
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- updated_at follows every update of an object, as the storage service's trigger does on hosted
-- -----------------------------------------------------------------------------------------------------
create or replace function storage.update_updated_at_column()
returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end;
$$;
comment on function storage.update_updated_at_column() is 'Sets updated_at on each update of storage.objects.';

create or replace trigger update_objects_updated_at
  before update on storage.objects
  for each row execute function storage.update_updated_at_column();

-- -----------------------------------------------------------------------------------------------------
-- Path helpers policies use: foldername('a/b/c.pdf') = {a,b}, filename = 'c.pdf', extension = 'pdf'
-- -----------------------------------------------------------------------------------------------------
create or replace function storage.foldername(name text)
returns text[]
language plpgsql
immutable
as $$
declare
  segments text[] := string_to_array(name, '/');
begin
  return segments[1 : array_length(segments, 1) - 1];
end;
$$;
comment on function storage.foldername(text) is 'The folder segments of an object name (every segment but the last).';

create or replace function storage.filename(name text)
returns text
language plpgsql
immutable
as $$
declare
  segments text[] := string_to_array(name, '/');
begin
  return segments[array_length(segments, 1)];
end;
$$;
comment on function storage.filename(text) is 'The last segment of an object name.';

create or replace function storage.extension(name text)
returns text
language plpgsql
immutable
as $$
declare
  segments text[] := string_to_array(name, '/');
  last_segment text := segments[array_length(segments, 1)];
begin
  -- The text after the last '.', or the whole file name when it has none (as hosted answers).
  return reverse(split_part(reverse(last_segment), '.', 1));
end;
$$;
comment on function storage.extension(text) is 'The extension of an object''s file name (after its last dot).';

-- -----------------------------------------------------------------------------------------------------
-- storage.search: one folder level of a bucket (POST /object/list), run as the caller so RLS applies.
-- Folders come first (name only), then the objects at that level.
-- -----------------------------------------------------------------------------------------------------
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
)
returns table (name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
language plpgsql
stable
as $$
declare
  order_column text := case when sortcolumn in ('name', 'updated_at', 'created_at', 'last_accessed_at') then sortcolumn else 'name' end;
  order_direction text := case when lower(sortorder) = 'desc' then 'desc' else 'asc' end;
begin
  return query execute format(
    'with matching as (
       select o.path_tokens, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
       from storage.objects o
       where o.bucket_id = $4 and o.name ilike $2 || $3 || ''%%''
     ),
     folders as (
       select distinct m.path_tokens[$1] as folder from matching m where array_length(m.path_tokens, 1) <> $1
     )
     (select f.folder, null::uuid, null::timestamptz, null::timestamptz, null::timestamptz, null::jsonb
        from folders f order by f.folder %2$s)
     union all
     (select m.path_tokens[$1], m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata
        from matching m where array_length(m.path_tokens, 1) = $1
        order by %1$s %2$s)
     limit $5 offset $6',
    case order_column when 'name' then 'm.path_tokens[$1]' else 'm.' || order_column end,
    order_direction
  ) using levels, prefix, search, bucketname, limits, offsets;
end;
$$;
comment on function storage.search(text, text, int, int, int, text, text, text) is
  'Lists one folder level of a bucket under the caller''s RLS: folders (name only) first, then objects.';

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text),
  storage.search(text, text, int, int, int, text, text, text) to anon, authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- Deleting buckets or objects with SQL is refused (as on hosted Supabase since storage migration 0055): the
-- stored files would be orphaned. The storage service sets storage.allow_delete_query for its own deletes.
-- -----------------------------------------------------------------------------------------------------
create or replace function storage.protect_delete()
returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end;
$$;
comment on function storage.protect_delete() is
  'Refuses a DELETE on storage.buckets/objects outside the storage service (its files would be orphaned).';

create or replace trigger protect_buckets_delete
  before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create or replace trigger protect_objects_delete
  before delete on storage.objects
  for each statement execute function storage.protect_delete();
