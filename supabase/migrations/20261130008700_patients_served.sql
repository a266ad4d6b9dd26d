-- =====================================================================================================
-- Patients served, exact at any volume (issue 26): a bitmap of the patients filled per pharmacy day
-- =====================================================================================================
-- The Reports screen's "Patients served" is the number of DISTINCT patients with a filled fill (ready or completed,
-- by date_filled, the pharmacy's local day) in a range of up to 366 days, and in the range before it. A distinct
-- count has no daily rollup that adds up (a patient filled on two days is one patient), and counting it from the
-- fills reads every fill of both ranges: ~730,000 index entries a year at 2,000 fills a day, far over 100 ms.
--
-- So each patient the pharmacy has filled for gets a dense number of its own (served_patient_numbers, 1, 2, 3, …
-- per pharmacy, from served_patient_counters), and each pharmacy day keeps which patients were filled that day as
-- bits: served_patient_days (pharmacy, day, chunk) holds a bit(65536) with bit (number mod 65536) set for patient
-- number n when chunk = n / 65536. The distinct patients of [from, to] are then, per chunk, the bits set in the
-- OR of the range's days: sum(bit_count(bit_or(bits))) over at most 366 rows per chunk (two chunks at 100,000
-- patients) — exact, and independent of the number of fills.
--
-- Kept in the changing transaction by a trigger on public.prescriptions (private.track_patients_served): a fill that
-- becomes filled (or moves to another day or patient while filled) sets its patient's bit on its day; a fill that
-- stops being filled (returned to stock: ready → cancelled), moves, or is deleted clears the bit of its old day only
-- when the patient has no other filled fill that day. private.rebuild_patients_served rebuilds a pharmacy's bits from
-- its fills (this migration for existing data; a data load with triggers off afterwards).
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Tables
-- -----------------------------------------------------------------------------------------------------
create table public.served_patient_counters (
  pharmacy_id uuid primary key references public.pharmacies (id) on delete cascade,
  last_number integer not null default 0 check (last_number >= 0)
);
comment on table public.served_patient_counters is
  'The last number given to a patient of the pharmacy in served_patient_numbers (the next is one more); kept by '
  'private.served_patient_number. Internal to the Reports screen''s patients served.';

-- No foreign key to patients: a number means nothing without filled fills (whose patients are checked), and a check
-- per first fill would only slow the verification that assigns it.
create table public.served_patient_numbers (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  patient_id uuid not null,
  number integer not null check (number >= 1),
  primary key (pharmacy_id, patient_id),
  unique (pharmacy_id, number)
);
comment on table public.served_patient_numbers is
  'A dense number per patient of the pharmacy (1, 2, 3, … in the order they were first filled for), given the '
  'first time a fill of theirs is filled: the patient''s bit position in served_patient_days. Never reused.';

create table public.served_patient_days (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  day date not null,
  chunk integer not null check (chunk >= 0),
  bits bit(65536) not null,
  primary key (pharmacy_id, day, chunk)
);
comment on table public.served_patient_days is
  'The patients a pharmacy filled for on each of its local days: for chunk c, bit (n - 65536c) (from the left, '
  'get_bit numbering) is 1 when patient number n (served_patient_numbers) has a filled fill (ready or completed) '
  'with date_filled = day. Kept by private.track_patients_served in the changing transaction; read by '
  'private.reports_patients_served (distinct patients of a range = bits set in the OR of its days).';

alter table public.served_patient_counters enable row level security;
alter table public.served_patient_numbers enable row level security;
alter table public.served_patient_days enable row level security;
revoke insert, update, delete, truncate on public.served_patient_counters, public.served_patient_numbers,
  public.served_patient_days from anon, authenticated;
revoke select on public.served_patient_counters, public.served_patient_numbers, public.served_patient_days from anon;
create policy "Staff can read their pharmacy's served patient counter" on public.served_patient_counters
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's served patient numbers" on public.served_patient_numbers
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));
create policy "Staff can read their pharmacy's patients served by day" on public.served_patient_days
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

-- -----------------------------------------------------------------------------------------------------
-- The chunk size
-- -----------------------------------------------------------------------------------------------------
create function private.served_patient_chunk_bits() returns integer
language sql immutable parallel safe
set search_path = ''
as $$ select 65536 $$;
comment on function private.served_patient_chunk_bits() is
  'The patients per served_patient_days row (the length of its bit string, bit(65536)): 8 KB uncompressed, two rows a '
  'day at 100,000 patients.';

-- -----------------------------------------------------------------------------------------------------
-- A patient's number
-- -----------------------------------------------------------------------------------------------------
create function private.served_patient_number(for_pharmacy_id uuid, for_patient_id uuid) returns integer
language plpgsql volatile
set search_path = ''
as $$
declare
  given integer;
begin
  select n.number into given from public.served_patient_numbers n
    where n.pharmacy_id = for_pharmacy_id and n.patient_id = for_patient_id;
  if found then
    return given;
  end if;
  insert into public.served_patient_counters as c (pharmacy_id, last_number) values (for_pharmacy_id, 1)
    on conflict (pharmacy_id) do update set last_number = c.last_number + 1
    returning c.last_number into given;
  -- Two first fills of one patient at once: the second waits on the counter row, then finds the first's number (a
  -- number is skipped, which costs one unused bit).
  insert into public.served_patient_numbers (pharmacy_id, patient_id, number) values (for_pharmacy_id, for_patient_id, given)
    on conflict (pharmacy_id, patient_id) do nothing;
  select n.number into given from public.served_patient_numbers n
    where n.pharmacy_id = for_pharmacy_id and n.patient_id = for_patient_id;
  return given;
end
$$;
comment on function private.served_patient_number(uuid, uuid) is
  'The patient''s number in served_patient_numbers, given now (the pharmacy''s next) if they have none. Called by '
  'private.track_patients_served; runs as the trigger''s owner.';
revoke all on function private.served_patient_number(uuid, uuid) from public, anon, authenticated;

-- -----------------------------------------------------------------------------------------------------
-- The trigger
-- -----------------------------------------------------------------------------------------------------
create function private.track_patients_served() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  size constant integer := private.served_patient_chunk_bits();
  was_filled boolean := tg_op <> 'INSERT' and old.status in ('ready', 'completed') and old.date_filled is not null;
  is_filled boolean := tg_op <> 'DELETE' and new.status in ('ready', 'completed') and new.date_filled is not null;
  patient_number integer;
begin
  if was_filled and is_filled and old.pharmacy_id = new.pharmacy_id and old.patient_id = new.patient_id
     and old.date_filled = new.date_filled then
    return null;
  end if;
  if was_filled then
    select n.number into patient_number from public.served_patient_numbers n
      where n.pharmacy_id = old.pharmacy_id and n.patient_id = old.patient_id;
    if patient_number is not null then
      -- Lock the day's row first, then look for another filled fill: a fill of the patient filled that day by a
      -- transaction committing meanwhile is either seen by the look (it committed before the lock was granted) or
      -- sets its bit after this clears it (it waits for the lock).
      perform from public.served_patient_days d
        where d.pharmacy_id = old.pharmacy_id and d.day = old.date_filled and d.chunk = patient_number / size
        for update;
      if found and not exists (
        select from public.prescriptions rx
        where rx.pharmacy_id = old.pharmacy_id and rx.patient_id = old.patient_id
          and rx.date_filled = old.date_filled and rx.status in ('ready', 'completed')) then
        update public.served_patient_days d set bits = set_bit(d.bits, patient_number % size, 0)
          where d.pharmacy_id = old.pharmacy_id and d.day = old.date_filled and d.chunk = patient_number / size;
      end if;
    end if;
  end if;
  if is_filled then
    patient_number := private.served_patient_number(new.pharmacy_id, new.patient_id);
    insert into public.served_patient_days as d (pharmacy_id, day, chunk, bits)
      values (new.pharmacy_id, new.date_filled, patient_number / size, set_bit(b'0'::bit(65536), patient_number % size, 1))
      on conflict (pharmacy_id, day, chunk) do update set bits = set_bit(d.bits, patient_number % size, 1)
      where get_bit(d.bits, patient_number % size) = 0;
  end if;
  return null;
end
$$;
comment on function private.track_patients_served() is
  'Trigger of public.prescriptions keeping served_patient_days in the changing transaction: a fill filled (ready or '
  'completed with a date_filled) sets its patient''s bit on its day; one that stops being filled, moves to another '
  'day or patient, or is deleted clears the old day''s bit unless the patient has another filled fill that day. '
  'Security definer: the tables are written by no role.';
revoke all on function private.track_patients_served() from public, anon, authenticated;

create trigger prescriptions_track_patients_served
  after insert or delete or update of status, date_filled, patient_id, pharmacy_id on public.prescriptions
  for each row execute function private.track_patients_served();

-- -----------------------------------------------------------------------------------------------------
-- Rebuild from the fills
-- -----------------------------------------------------------------------------------------------------
create function private.rebuild_patients_served(for_pharmacy_id uuid) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  size constant integer := private.served_patient_chunk_bits();
begin
  -- The counter row is the pharmacy's lock: no trigger numbers a patient meanwhile.
  insert into public.served_patient_counters (pharmacy_id, last_number) values (for_pharmacy_id, 0)
    on conflict (pharmacy_id) do nothing;
  perform from public.served_patient_counters c where c.pharmacy_id = for_pharmacy_id for update;
  lock table public.served_patient_days in share row exclusive mode;

  -- Number the patients filled for who have no number yet, in the order of their first fill.
  insert into public.served_patient_numbers (pharmacy_id, patient_id, number)
  select for_pharmacy_id, f.patient_id,
         (select c.last_number from public.served_patient_counters c where c.pharmacy_id = for_pharmacy_id)
           + row_number() over (order by f.first_day, f.patient_id)
  from (
    select rx.patient_id, min(rx.date_filled) as first_day
    from public.prescriptions rx
    where rx.pharmacy_id = for_pharmacy_id and rx.status in ('ready', 'completed') and rx.date_filled is not null
    group by rx.patient_id
  ) f
  where not exists (select from public.served_patient_numbers n where n.pharmacy_id = for_pharmacy_id and n.patient_id = f.patient_id);
  update public.served_patient_counters c
    set last_number = (select coalesce(max(n.number), 0) from public.served_patient_numbers n where n.pharmacy_id = for_pharmacy_id)
    where c.pharmacy_id = for_pharmacy_id;

  -- Each day's bits as text: a '1' for each patient after the zeros since the previous one, padded to the chunk.
  delete from public.served_patient_days d where d.pharmacy_id = for_pharmacy_id;
  insert into public.served_patient_days (pharmacy_id, day, chunk, bits)
  select for_pharmacy_id, p.day, p.chunk,
         rpad(string_agg(repeat('0', p.gap) || '1', '' order by p.position), size, '0')::bit(65536)
  from (
    select s.day, s.number / size as chunk, s.number % size as position,
           s.number % size - coalesce(lag(s.number % size) over (partition by s.day, s.number / size order by s.number), -1) - 1 as gap
    from (
      select distinct rx.date_filled as day, n.number
      from public.prescriptions rx
      join public.served_patient_numbers n on n.pharmacy_id = for_pharmacy_id and n.patient_id = rx.patient_id
      where rx.pharmacy_id = for_pharmacy_id and rx.status in ('ready', 'completed') and rx.date_filled is not null
    ) s
  ) p
  group by p.day, p.chunk;
end
$$;
comment on function private.rebuild_patients_served(uuid) is
  'Rebuilds the pharmacy''s served_patient_days from its fills (numbering in served_patient_numbers the patients '
  'filled for who have none): for existing data and after a load with triggers off. Security definer; callable by '
  'the service role only.';
revoke all on function private.rebuild_patients_served(uuid) from public, anon, authenticated;
grant execute on function private.rebuild_patients_served(uuid) to service_role;

do $$
declare
  pharmacy record;
begin
  for pharmacy in select p.id from public.pharmacies p loop
    perform private.rebuild_patients_served(pharmacy.id);
  end loop;
end
$$;

-- -----------------------------------------------------------------------------------------------------
-- The count
-- -----------------------------------------------------------------------------------------------------
-- Replaces report_rollups' distinct count over the fills (reports_period_figures calls it).
create or replace function private.reports_patients_served(for_pharmacy_id uuid, from_date date, to_date date) returns bigint
language sql stable
set search_path = ''
as $$
  select coalesce(sum(bit_count(c.bits)), 0)::bigint
  from (
    select bit_or(d.bits) as bits
    from public.served_patient_days d
    where d.pharmacy_id = for_pharmacy_id and d.day between from_date and to_date
    group by d.chunk
  ) c
$$;
comment on function private.reports_patients_served(uuid, date, date) is
  'The distinct patients with a filled fill (ready or completed) whose date_filled is in from_date..to_date (the '
  'pharmacy''s local days): the bits set in the OR of served_patient_days over the range, per chunk. Exact; reads '
  'one row per day and chunk. Security invoker: RLS applies (another pharmacy''s rows are not read).';
revoke all on function private.reports_patients_served(uuid, date, date) from public, anon;
grant execute on function private.reports_patients_served(uuid, date, date) to authenticated, service_role;

