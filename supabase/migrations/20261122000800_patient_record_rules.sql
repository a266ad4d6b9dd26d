-- =====================================================================================================
-- Patient records: the formats the shared patient form (shared/src/schemas/patient.ts) checks, held by the
-- database too, because clients write patients through the API directly. The form shows its own messages
-- first; these refuse whatever bypasses it.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- Formats: phone "(555) 123-4567", ZIP 12345 or 12345-6789, a two-letter state code, a date of birth
-- from 1900 on
-- -----------------------------------------------------------------------------------------------------
alter table public.patients
  add constraint patients_phone_format check (phone is null or phone ~ '^\(\d{3}\) \d{3}-\d{4}$'),
  add constraint patients_zip_code_format check (zip_code is null or zip_code ~ '^\d{5}(-\d{4})?$'),
  add constraint patients_state_code check (state is null or state ~ '^[A-Z]{2}$'),
  add constraint patients_date_of_birth_from_1900 check (date_of_birth is null or date_of_birth >= date '1900-01-01');

-- -----------------------------------------------------------------------------------------------------
-- Date of birth in the past (a trigger: "today" moves, so it cannot be a check constraint)
-- -----------------------------------------------------------------------------------------------------
create function private.guard_patient_date_of_birth() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.date_of_birth is not null
     and new.date_of_birth >= private.pharmacy_local_date(new.pharmacy_id, now()) then
    raise exception 'Date of birth must be in the past' using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function private.guard_patient_date_of_birth() is
  'BEFORE INSERT/UPDATE OF date_of_birth trigger of patients: the date of birth is before today at the pharmacy.';

create trigger guard_date_of_birth before insert or update of date_of_birth on public.patients
  for each row execute function private.guard_patient_date_of_birth();
