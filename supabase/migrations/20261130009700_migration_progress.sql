-- =====================================================================================================
-- Data migration: live progress (issue 27)
-- =====================================================================================================
-- The Data Migration screen shows an import's rows done of all per entity, its rate and time left, live on every
-- admin's terminal and after a page reload: it reads the pharmacy's latest run (migration_runs: totals, counts
-- added by each batch) and follows the table over Realtime (changes delivered under RLS: admins with data:migrate).
-- updated_at says when the last batch finished: a running run whose updated_at is long past was left by a page
-- that closed (the staged path runs its batches from the browser) — the screen says so, and importing the file
-- again continues it (begin_migration_run ends it; rows imported unchanged are skipped).
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- When a run last moved
-- -----------------------------------------------------------------------------------------------------
alter table public.migration_runs add column updated_at timestamptz not null default now();
comment on column public.migration_runs.updated_at is
  'When the run last changed (a batch''s counts added, the run ended): the screen tells a run still moving from one '
  'whose page closed.';

create trigger migration_runs_touch_updated_at
  before update on public.migration_runs
  for each row execute function private.touch_updated_at();

-- -----------------------------------------------------------------------------------------------------
-- Realtime
-- -----------------------------------------------------------------------------------------------------
alter publication supabase_realtime add table public.migration_runs;
-- Full rows in the change events: Realtime applies RLS to the old row of an update too.
alter table public.migration_runs replica identity full;
