-- =====================================================================================================
-- Access audit (HIPAA §164.312(b) audit controls): reads of protected health information leave a trace,
-- and an admin can ask who looked at a patient.
--
--   * audit_log.patient_id names the patient whose record an entry disclosed; it is set only on PHI-access
--     entries: opening a patient's record or a prescription's details (public.record_patient_access, called
--     by the web app once per open) and printing a label or receipt (the print history's audit trigger).
--   * public.record_patient_access takes the pharmacy from the signed-in caller, never from an argument, and
--     refuses a patient (or prescription) the caller cannot see: nothing is written then.
--   * public.patient_access_history answers "who looked at this patient" for the pharmacy's admins only
--     (newest first, paged by the last entry seen, with staff names); everyone else is refused.
--   * Operating-hours changes are audited with the fields changed (staff profiles and the pharmacist in
--     charge already are, by migration 20261122000100_tenancy).
-- Every entry carries the request's client IP (private.request_ip(): the first X-Forwarded-For entry the
-- gateway passed to PostgREST; the api edge function forwards its caller's header on its own requests).
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- audit_log.patient_id: the patient a PHI-access entry concerns, indexed for years of history
-- -----------------------------------------------------------------------------------------------------
alter table public.audit_log add column patient_id uuid;
comment on column public.audit_log.patient_id is
  'The patient whose protected health information this entry''s access disclosed (record opened, prescription '
  'details opened, label or receipt printed); null on every other entry. No foreign key: the trail outlives '
  'the patient record.';

-- One patient's history, newest first, straight from the index (no sort), however many years the log holds.
create index audit_log_patient_access_idx on public.audit_log (pharmacy_id, patient_id, created_at desc, id desc)
  where patient_id is not null;

-- -----------------------------------------------------------------------------------------------------
-- Writing a PHI-access entry
-- -----------------------------------------------------------------------------------------------------
create function private.record_phi_access(
  event_pharmacy_id uuid,
  event_actor_user_id uuid,
  event_patient_id uuid,
  event_action text,
  event_entity_type text,
  event_entity_id text,
  event_description text,
  event_details jsonb default '{}'::jsonb
) returns void
language sql volatile security definer
set search_path = ''
as $$
  insert into public.audit_log (pharmacy_id, actor_user_id, patient_id, action, entity_type, entity_id, description, ip_address, success, details)
  values (event_pharmacy_id, event_actor_user_id, event_patient_id, event_action, event_entity_type, event_entity_id,
          event_description, private.request_ip(), true, coalesce(event_details, '{}'::jsonb))
$$;
comment on function private.record_phi_access(uuid, uuid, uuid, text, text, text, text, jsonb) is
  'Appends one PHI-access entry to audit_log (patient_id set, the request''s client IP added when known). Called by '
  'private.record_patient_access and the print history''s audit trigger only.';

-- -----------------------------------------------------------------------------------------------------
-- public.record_patient_access(): the web app reports opening a record or a prescription's details
-- -----------------------------------------------------------------------------------------------------
create function private.record_patient_access(patient_id uuid, what text, prescription_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  caller_pharmacy uuid := (select private.current_pharmacy_id());
  opened_rx bigint;
begin
  if caller_pharmacy is null then
    raise exception 'Only active staff of a pharmacy can open patient records' using errcode = '42501';
  end if;
  if what is null or what not in ('patient_record', 'prescription_details') then
    raise exception 'The kind of access must be patient_record or prescription_details' using errcode = '22023';
  end if;
  -- The same answer for a patient of another pharmacy as for one that does not exist.
  if not exists (select 1 from public.patients p
                 where p.id = record_patient_access.patient_id and p.pharmacy_id = caller_pharmacy) then
    raise exception 'Patient not found' using errcode = 'P0002';
  end if;

  if what = 'patient_record' then
    perform private.record_phi_access(caller_pharmacy, caller, record_patient_access.patient_id, 'patient_record_opened',
      'patient', record_patient_access.patient_id::text, 'Opened the patient record');
    return;
  end if;

  select rx.rx_number into opened_rx
  from public.prescriptions rx
  where rx.id = record_patient_access.prescription_id and rx.pharmacy_id = caller_pharmacy
    and rx.patient_id = record_patient_access.patient_id;
  if not found then
    raise exception 'Prescription not found' using errcode = 'P0002';
  end if;
  perform private.record_phi_access(caller_pharmacy, caller, record_patient_access.patient_id, 'prescription_opened',
    'prescription', record_patient_access.prescription_id::text,
    format('Opened %s', private.prescription_status_label(opened_rx)), jsonb_build_object('rxNumber', opened_rx));
end
$$;
comment on function private.record_patient_access(uuid, text, uuid) is
  'The privileged step of public.record_patient_access: checks the caller may see the patient (and prescription) '
  'and appends the PHI-access entry. Takes the pharmacy from the signed-in caller, never from an argument.';
revoke execute on function private.record_patient_access(uuid, text, uuid) from public, anon;
grant execute on function private.record_patient_access(uuid, text, uuid) to authenticated;

-- The exposed function runs with the caller's rights (no security-definer function in the API schema); the
-- write to the append-only log is the private helper's.
create function public.record_patient_access(patient_id uuid, what text, prescription_id uuid default null) returns void
language sql volatile security invoker
set search_path = ''
as $$
  select private.record_patient_access(record_patient_access.patient_id, record_patient_access.what,
                                       record_patient_access.prescription_id)
$$;
comment on function public.record_patient_access(uuid, text, uuid) is
  'Records that the signed-in staff member opened a patient''s record (what = patient_record) or one of the '
  'patient''s prescriptions (what = prescription_details, prescription_id required) in audit_log, with the client '
  'IP. The pharmacy is the caller''s; a patient or prescription the caller cannot see is refused (Patient not '
  'found / Prescription not found) and nothing is written.';
revoke execute on function public.record_patient_access(uuid, text, uuid) from public, anon;
grant execute on function public.record_patient_access(uuid, text, uuid) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- public.patient_access_history(): who looked at this patient (admins only)
-- -----------------------------------------------------------------------------------------------------
create function public.patient_access_history(patient_id uuid, page_size integer default 50, before_id bigint default null)
returns table (
  id bigint,
  accessed_at timestamptz,
  actor_user_id uuid,
  actor_name text,
  actor_role text,
  action text,
  description text,
  prescription_id uuid,
  ip_address text
)
language plpgsql stable security invoker
set search_path = ''
as $$
begin
  if not (select private.is_pharmacy_admin()) then
    raise exception 'Only a pharmacy admin can see who opened a patient''s record' using errcode = '42501';
  end if;
  if page_size is null or page_size not between 1 and 200 then
    raise exception 'A page holds 1 to 200 entries' using errcode = '22023';
  end if;
  -- Security invoker: audit_log's and staff_profiles' row-level security apply as well.
  return query
    select a.id, a.created_at, a.actor_user_id,
           nullif(btrim(concat_ws(' ', s.first_name, s.last_name)), ''), s.role,
           a.action, a.description,
           case when a.entity_type = 'prescription' then a.entity_id::uuid end,
           host(a.ip_address)
    from public.audit_log a
    left join public.staff_profiles s on s.user_id = a.actor_user_id
    where a.pharmacy_id = (select private.current_pharmacy_id())
      and a.patient_id = patient_access_history.patient_id
      and (patient_access_history.before_id is null
           or (a.created_at, a.id) < (select b.created_at, b.id from public.audit_log b where b.id = patient_access_history.before_id))
    order by a.created_at desc, a.id desc
    limit page_size;
end
$$;
comment on function public.patient_access_history(uuid, integer, bigint) is
  'Who opened a patient''s record or prescriptions or printed their labels/receipts: the pharmacy''s PHI-access '
  'entries for the patient, newest first, page_size (1..200) at a time; pass the last id of a page as before_id '
  'for the next. Staff names come from their profiles (null for a removed user). Admins only; anyone else is refused.';
revoke execute on function public.patient_access_history(uuid, integer, bigint) from public, anon;
grant execute on function public.patient_access_history(uuid, integer, bigint) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- Label and receipt prints: one PHI-access entry per print, naming the patient (replaces the generic
-- row-change entry of migration 20261122000500_clinical, which did not say whose record was printed)
-- -----------------------------------------------------------------------------------------------------
create function private.audit_label_print() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  printed_rx bigint;
  printed_patient uuid;
begin
  select rx.rx_number, rx.patient_id into printed_rx, printed_patient
  from public.prescriptions rx where rx.id = new.prescription_id and rx.pharmacy_id = new.pharmacy_id;
  perform private.record_phi_access(new.pharmacy_id, coalesce((select auth.uid()), new.printed_by), printed_patient,
    case new.kind when 'receipt' then 'receipt_printed' else 'label_printed' end,
    'prescription', new.prescription_id::text,
    format('Printed the %s of %s', new.kind, private.prescription_status_label(printed_rx)),
    jsonb_build_object('printId', new.id, 'kind', new.kind, 'rxNumber', printed_rx));
  return null;
end
$$;
comment on function private.audit_label_print() is
  'AFTER INSERT trigger of prescription_label_prints: a PHI-access entry (label_printed / receipt_printed) naming the '
  'printer, the prescription and its patient, with the client IP.';

drop trigger audit_changes on public.prescription_label_prints;
create trigger audit_changes after insert on public.prescription_label_prints
  for each row execute function private.audit_label_print();

-- -----------------------------------------------------------------------------------------------------
-- Operating hours: every addition, change (with the fields changed) and removal is audited
-- -----------------------------------------------------------------------------------------------------
create function private.audit_operating_hours_change() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  old_row jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  new_row jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  row_data jsonb := coalesce(new_row, old_row);
  changed text[];
begin
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(n.key order by n.key), '{}') into changed
    from jsonb_each(new_row) n
    where n.value is distinct from old_row -> n.key and n.key <> 'updated_at';
    if cardinality(changed) = 0 then return null; end if;
  end if;
  perform private.record_audit_event(
    (row_data ->> 'pharmacy_id')::uuid,
    (select auth.uid()),
    lower(tg_op),
    'pharmacy_operating_hours',
    row_data ->> 'weekday',
    format('Operating hours of %s %s%s', initcap(row_data ->> 'weekday'),
      case tg_op when 'INSERT' then 'added' when 'UPDATE' then 'changed' else 'removed' end,
      case when tg_op = 'UPDATE' then ': ' || array_to_string(changed, ', ') else '' end),
    true,
    case tg_op
      when 'UPDATE' then jsonb_build_object(
        'changed', to_jsonb(changed),
        'old', (select jsonb_object_agg(k, old_row -> k) from unnest(changed) k),
        'new', (select jsonb_object_agg(k, new_row -> k) from unnest(changed) k))
      when 'INSERT' then jsonb_build_object('new', new_row)
      else jsonb_build_object('old', old_row)
    end);
  return null;
end
$$;
comment on function private.audit_operating_hours_change() is
  'AFTER row trigger of pharmacy_operating_hours: records an addition, change (changed fields with old and new '
  'values) or removal of a weekday''s hours in audit_log, naming the day.';

create trigger audit_changes after insert or update or delete on public.pharmacy_operating_hours
  for each row execute function private.audit_operating_hours_change();

-- -----------------------------------------------------------------------------------------------------
-- Helper privileges: the new private helpers run only inside the functions and triggers above
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.record_phi_access(uuid, uuid, uuid, text, text, text, text, jsonb),
  private.audit_label_print(), private.audit_operating_hours_change() from public;
