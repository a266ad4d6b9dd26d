-- =====================================================================================================
-- Prescription files (spec part 2 "Prescription File Management", §3 Prescription file, §4; issue 23): the faxes,
-- scans and e-prescriptions a pharmacy receives. The bytes live in the private Storage bucket
-- `prescription-files` under `<pharmacy_id>/<file id>`; the row holds what was read from them (the spec's
-- patientData / drugData / prescriberData), how sure the reading is, the review, and the prescription entered from
-- it. Every write goes through a function of this migration (staff have no direct insert/update/delete), so the
-- rules live here: who may delete, what a dispensed prescription keeps, which status follows which.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- The table
-- -----------------------------------------------------------------------------------------------------
create table public.prescription_files (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null default private.current_pharmacy_id() references public.pharmacies (id) on delete cascade,
  prescription_id uuid,
  file_name text not null check (length(file_name) between 1 and 255),
  file_type text not null check (file_type in ('application/pdf', 'image/png', 'image/jpeg', 'application/xml', 'application/edifact')),
  file_size integer not null check (file_size between 1 and 10485760),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  storage_path text not null,
  received_as text not null default 'scan' check (received_as in ('fax', 'scan', 'electronic')),
  processing_status text not null default 'pending' check (processing_status in ('pending', 'processed', 'error', 'manual_review')),
  extraction_confidence numeric(3, 2) check (extraction_confidence between 0 and 1),
  manual_review_required boolean not null default false,
  source_format text check (source_format in ('script-xml-10.6', 'script-xml-2017071', 'script-edifact-10.6', 'pdf-text', 'ocr')),
  error_reason text,
  checks jsonb not null default '[]'::jsonb check (jsonb_typeof(checks) = 'array'),
  patient_data jsonb not null default '{}'::jsonb check (jsonb_typeof(patient_data) = 'object'),
  drug_data jsonb not null default '{}'::jsonb check (jsonb_typeof(drug_data) = 'object'),
  prescriber_data jsonb not null default '{}'::jsonb check (jsonb_typeof(prescriber_data) = 'object'),
  matched_patient_id uuid,
  matched_prescriber_id uuid,
  matched_medication_id uuid,
  ocr_text text,
  ocr_confidence numeric(5, 2) check (ocr_confidence between 0 and 100),
  ocr_words jsonb check (ocr_words is null or jsonb_typeof(ocr_words) = 'array'),
  search_text text generated always as (lower(
    file_name || ' ' || coalesce(patient_data ->> 'name', '') || ' ' || coalesce(drug_data ->> 'name', '') || ' '
    || coalesce(prescriber_data ->> 'name', ''))) stored,
  uploaded_at timestamptz not null default now(),
  uploaded_by uuid references auth.users (id),
  processed_at timestamptz,
  processed_by uuid references auth.users (id),
  reviewed_at timestamptz,
  reviewed_by uuid references auth.users (id),
  updated_at timestamptz not null default now(),
  constraint prescription_files_pharmacy_id_id_key unique (pharmacy_id, id),
  constraint prescription_files_pharmacy_id_sha256_key unique (pharmacy_id, sha256),
  constraint prescription_files_storage_path_key unique (storage_path),
  constraint prescription_files_storage_path_in_folder check (storage_path = pharmacy_id::text || '/' || id::text),
  constraint prescription_files_prescription_fkey foreign key (pharmacy_id, prescription_id)
    references public.prescriptions (pharmacy_id, id) on delete set null (prescription_id),
  constraint prescription_files_patient_fkey foreign key (pharmacy_id, matched_patient_id)
    references public.patients (pharmacy_id, id) on delete set null (matched_patient_id),
  constraint prescription_files_prescriber_fkey foreign key (pharmacy_id, matched_prescriber_id)
    references public.prescribers (pharmacy_id, id) on delete set null (matched_prescriber_id),
  constraint prescription_files_medication_fkey foreign key (pharmacy_id, matched_medication_id)
    references public.medications (pharmacy_id, id) on delete set null (matched_medication_id),
  constraint prescription_files_processed_has_confidence check (
    processing_status not in ('processed', 'manual_review') or extraction_confidence is not null),
  constraint prescription_files_error_has_reason check (processing_status <> 'error' or error_reason is not null)
);
comment on table public.prescription_files is
  'A prescription document a pharmacy received (spec part 2 §3 Prescription file): the Storage object '
  '(bucket prescription-files, storage_path <pharmacy_id>/<id>), its type decided by its bytes, its SHA-256 (the same '
  'bytes twice are a duplicate), how it came (fax, scan, electronic), the extracted patient/drug/prescriber data with '
  'the checks and confidence behind processing_status, the browser''s OCR for images, the review, and the '
  'prescription entered from it or linked to it. Written only through the prescription-file functions.';
comment on column public.prescription_files.checks is
  'The checks behind the confidence: [{check, passed, detail}] (required fields, NPI/DEA check digits, NDC in the '
  'catalog, patient matched by name and date of birth, prescriber matched by NPI).';
comment on column public.prescription_files.search_text is
  'What the list''s search matches: file name, patient, drug and prescriber names, lower case.';

create index prescription_files_pharmacy_id_uploaded_idx on public.prescription_files (pharmacy_id, uploaded_at desc, id desc);
create index prescription_files_pharmacy_id_status_uploaded_idx
  on public.prescription_files (pharmacy_id, processing_status, uploaded_at desc, id desc);
create index prescription_files_search_trgm_idx on public.prescription_files
  using gin (pharmacy_id, search_text extensions.gin_trgm_ops);
create index prescription_files_prescription_id_idx on public.prescription_files (pharmacy_id, prescription_id) where prescription_id is not null;
create index prescription_files_matched_patient_idx on public.prescription_files (pharmacy_id, matched_patient_id) where matched_patient_id is not null;
create index prescription_files_matched_prescriber_idx on public.prescription_files (pharmacy_id, matched_prescriber_id) where matched_prescriber_id is not null;
create index prescription_files_matched_medication_idx on public.prescription_files (pharmacy_id, matched_medication_id) where matched_medication_id is not null;
create index prescription_files_uploaded_by_idx on public.prescription_files (uploaded_by);
create index prescription_files_processed_by_idx on public.prescription_files (processed_by);
create index prescription_files_reviewed_by_idx on public.prescription_files (reviewed_by);

alter table public.prescription_files enable row level security;
revoke insert, update, delete, truncate on public.prescription_files from anon, authenticated;
revoke select on public.prescription_files from anon;
create policy "Staff can read their pharmacy's prescription files" on public.prescription_files
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

create trigger guard_tenant_pharmacy_id before insert or update on public.prescription_files
  for each row execute function private.guard_tenant_pharmacy_id();

create function private.guard_prescription_file_identity() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.id, new.pharmacy_id, new.file_name, new.file_type, new.file_size, new.sha256, new.storage_path, new.uploaded_at, new.uploaded_by)
     is distinct from
     (old.id, old.pharmacy_id, old.file_name, old.file_type, old.file_size, old.sha256, old.storage_path, old.uploaded_at, old.uploaded_by) then
    raise exception 'A prescription file''s name, bytes, storage and upload record cannot change' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end
$$;
comment on function private.guard_prescription_file_identity() is
  'BEFORE UPDATE trigger of prescription_files: what was received (name, type, size, hash, object, upload) never '
  'changes; updated_at follows every change.';
create trigger guard_identity before update on public.prescription_files
  for each row execute function private.guard_prescription_file_identity();

-- The prescription a file was entered from (null for manual entry): set by the api's "Create prescription".
alter table public.prescriptions add column prescription_file_id uuid;
alter table public.prescriptions add constraint prescriptions_prescription_file_fkey foreign key (pharmacy_id, prescription_file_id)
  references public.prescription_files (pharmacy_id, id) on delete set null (prescription_file_id);
comment on column public.prescriptions.prescription_file_id is
  'The prescription file (fax, scan, e-prescription) this prescription was entered from; null for manual entry.';
create index prescriptions_prescription_file_idx on public.prescriptions (pharmacy_id, prescription_file_id) where prescription_file_id is not null;

-- -----------------------------------------------------------------------------------------------------
-- Stats: counters per status kept by a trigger, so the screen's numbers never scan years of files
-- -----------------------------------------------------------------------------------------------------
create table public.prescription_file_counters (
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  processing_status text not null,
  files bigint not null default 0,
  confidence_sum numeric not null default 0,
  confidence_count bigint not null default 0,
  primary key (pharmacy_id, processing_status)
);
comment on table public.prescription_file_counters is
  'Per pharmacy and processing status: how many prescription files, and the sum and count of their extraction '
  'confidences (the stats'' average). Kept by count_prescription_files; read-only to staff.';
alter table public.prescription_file_counters enable row level security;
revoke insert, update, delete, truncate on public.prescription_file_counters from anon, authenticated;
revoke select on public.prescription_file_counters from anon;
create policy "Staff can read their pharmacy's prescription file counters" on public.prescription_file_counters
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()));

create function private.count_prescription_files() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update public.prescription_file_counters c
    set files = c.files - 1,
        confidence_sum = c.confidence_sum - coalesce(old.extraction_confidence, 0),
        confidence_count = c.confidence_count - (old.extraction_confidence is not null)::int
    where c.pharmacy_id = old.pharmacy_id and c.processing_status = old.processing_status;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into public.prescription_file_counters as c (pharmacy_id, processing_status, files, confidence_sum, confidence_count)
    values (new.pharmacy_id, new.processing_status, 1, coalesce(new.extraction_confidence, 0), (new.extraction_confidence is not null)::int)
    on conflict (pharmacy_id, processing_status) do update
    set files = c.files + 1,
        confidence_sum = c.confidence_sum + excluded.confidence_sum,
        confidence_count = c.confidence_count + excluded.confidence_count;
  end if;
  return null;
end
$$;
comment on function private.count_prescription_files() is
  'AFTER INSERT/UPDATE/DELETE trigger of prescription_files: moves the file between the per-status counters.';
create trigger count_files after insert or delete on public.prescription_files
  for each row execute function private.count_prescription_files();
create trigger count_file_changes after update of processing_status, extraction_confidence on public.prescription_files
  for each row
  when (old.processing_status is distinct from new.processing_status or old.extraction_confidence is distinct from new.extraction_confidence)
  execute function private.count_prescription_files();

create function public.prescription_file_stats() returns jsonb
language sql stable
set search_path = ''
as $$
  select jsonb_build_object(
    'pending', coalesce(sum(c.files) filter (where c.processing_status = 'pending'), 0),
    'processed', coalesce(sum(c.files) filter (where c.processing_status = 'processed'), 0),
    'manualReview', coalesce(sum(c.files) filter (where c.processing_status = 'manual_review'), 0),
    'error', coalesce(sum(c.files) filter (where c.processing_status = 'error'), 0),
    'total', coalesce(sum(c.files), 0),
    'averageConfidence', round(sum(c.confidence_sum) filter (where c.processing_status in ('processed', 'manual_review'))
      / nullif(sum(c.confidence_count) filter (where c.processing_status in ('processed', 'manual_review')), 0), 2))
  from public.prescription_file_counters c
  where c.pharmacy_id = (select private.current_pharmacy_id())
$$;
comment on function public.prescription_file_stats() is
  'The Prescription Files screen''s processing stats for the caller''s pharmacy: files pending, processed, review '
  'required, error and in all, and the mean extraction confidence of processed and review-required files.';

-- -----------------------------------------------------------------------------------------------------
-- The list: one keyset page, searched by file name, patient, drug or prescriber
-- -----------------------------------------------------------------------------------------------------
create function private.prescription_file_page(
  search text,
  status text,
  after_uploaded_at timestamptz,
  after_id uuid,
  page_size integer
) returns setof public.prescription_files
language plpgsql stable security definer
set search_path = ''
as $$
declare
  pharmacy uuid := (select private.current_pharmacy_id());
  pattern text := nullif(lower(btrim(coalesce(search, ''))), '');
begin
  if pharmacy is null then
    return;
  end if;
  -- Raised rights so the trigram index serves the search (RLS's function call would keep it off); the pharmacy is
  -- the caller's, spelled here. Dynamic SQL: each call is planned for its own filters (a search or none, a status
  -- or none), never one generic plan for all.
  return query execute format(
    'select f.* from public.prescription_files f where f.pharmacy_id = $1 %s %s %s order by f.uploaded_at desc, f.id desc limit $6',
    case when status is null then '' else 'and f.processing_status = $2' end,
    case when pattern is null then '' else 'and f.search_text like $3' end,
    case when after_uploaded_at is null then '' else 'and (f.uploaded_at, f.id) < ($4, $5)' end)
  using pharmacy, status, '%' || replace(replace(replace(pattern, '\', '\\'), '%', '\%'), '_', '\_') || '%',
        after_uploaded_at, coalesce(after_id, 'ffffffff-ffff-4fff-bfff-ffffffffffff'::uuid),
        least(greatest(coalesce(page_size, 25), 1), 101);
end
$$;
comment on function private.prescription_file_page(text, text, timestamptz, uuid, integer) is
  'One page of the caller''s pharmacy''s prescription files, newest first, after the (uploaded_at, id) cursor: '
  'optionally one status, optionally those whose file name, patient, drug or prescriber contains the search text.';
revoke all on function private.prescription_file_page(text, text, timestamptz, uuid, integer) from public;
grant execute on function private.prescription_file_page(text, text, timestamptz, uuid, integer) to authenticated;

create function public.prescription_file_page(
  search text default null,
  status text default null,
  after_uploaded_at timestamptz default null,
  after_id uuid default null,
  page_size integer default 25
) returns setof public.prescription_files
language sql stable
set search_path = ''
as $$
  select * from private.prescription_file_page(search, status, after_uploaded_at, after_id, page_size)
$$;
comment on function public.prescription_file_page(text, text, timestamptz, uuid, integer) is
  'GET /api/prescription-files'' page: see private.prescription_file_page.';
revoke all on function public.prescription_file_page(text, text, timestamptz, uuid, integer) from public, anon;
grant execute on function public.prescription_file_page(text, text, timestamptz, uuid, integer) to authenticated;

create function public.prescription_files_of_prescription(of_prescription_id uuid) returns setof public.prescription_files
language sql stable
set search_path = ''
as $$
  -- Any fill names the prescription: the files of every fill of its order.
  select f.*
  from public.prescriptions p
  join public.prescriptions fill on fill.pharmacy_id = p.pharmacy_id and fill.order_id = p.order_id
  join public.prescription_files f on f.pharmacy_id = fill.pharmacy_id and f.prescription_id = fill.id
  where p.id = of_prescription_id
  order by f.uploaded_at desc, f.id desc
$$;
comment on function public.prescription_files_of_prescription(uuid) is
  'The files linked to a prescription (any of its fills names it), under the caller''s RLS.';

-- -----------------------------------------------------------------------------------------------------
-- Writes: upload, processing outcome, corrections/review/link, delete
-- -----------------------------------------------------------------------------------------------------
create function private.prescription_file_in_pharmacy(file_id uuid, pharmacy uuid) returns public.prescription_files
language plpgsql security definer
set search_path = ''
as $$
declare
  found_file public.prescription_files;
begin
  select * into found_file from public.prescription_files f
  where f.id = file_id and f.pharmacy_id = pharmacy
  for update;
  if found_file.id is null then
    raise exception 'Prescription file not found' using errcode = 'P0002';
  end if;
  return found_file;
end
$$;
comment on function private.prescription_file_in_pharmacy(uuid, uuid) is
  'The pharmacy''s prescription file, locked for the change; "Prescription file not found" (P0002) for any other id '
  '(or a null pharmacy).';

create function private.prescription_in_pharmacy(of_prescription_id uuid, pharmacy uuid) returns uuid
language plpgsql stable security definer
set search_path = ''
as $$
declare
  found_id uuid;
begin
  select p.id into found_id from public.prescriptions p
  where p.id = of_prescription_id and p.pharmacy_id = pharmacy;
  if found_id is null then
    raise exception 'Prescription not found' using errcode = 'P0002';
  end if;
  return found_id;
end
$$;
comment on function private.prescription_in_pharmacy(uuid, uuid) is
  'The id of a prescription of the pharmacy; "Prescription not found" (P0002) for any other.';

create function private.prescription_dispensed(of_prescription_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.prescriptions p
    join public.prescriptions fill on fill.pharmacy_id = p.pharmacy_id and fill.order_id = p.order_id
    where p.id = of_prescription_id and fill.status = 'completed')
$$;
comment on function private.prescription_dispensed(uuid) is
  'Whether any fill of the prescription''s order was dispensed (completed): its files are dispensing records.';

create function private.active_staff_pharmacy(actor uuid) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select s.pharmacy_id from public.staff_profiles s where s.user_id = actor and s.is_active
$$;
comment on function private.active_staff_pharmacy(uuid) is
  'The pharmacy of an active staff member (the api''s caller, named by the api acting with the service role); null for anyone else.';

create function private.register_prescription_file(
  actor uuid, file_id uuid, name text, detected_type text, size integer, digest text, received text, of_prescription_id uuid,
  ocr jsonb
) returns public.prescription_files
language plpgsql security definer
set search_path = ''
as $$
declare
  pharmacy uuid := private.active_staff_pharmacy(actor);
  existing public.prescription_files;
  created public.prescription_files;
begin
  if pharmacy is null then
    raise exception 'Only active staff of a pharmacy can upload prescription files' using errcode = '42501';
  end if;
  select * into existing from public.prescription_files f where f.pharmacy_id = pharmacy and f.sha256 = digest;
  if existing.id is not null then
    raise exception 'This file was already uploaded'
      using errcode = '23505', detail = json_build_object('id', existing.id, 'fileName', existing.file_name,
        'uploadedAt', existing.uploaded_at)::text;
  end if;
  insert into public.prescription_files (
    id, pharmacy_id, prescription_id, file_name, file_type, file_size, sha256, storage_path, received_as, uploaded_by,
    ocr_text, ocr_confidence, ocr_words
  ) values (
    file_id, pharmacy,
    case when of_prescription_id is null then null else private.prescription_in_pharmacy(of_prescription_id, pharmacy) end,
    name, detected_type, size, digest, pharmacy::text || '/' || file_id::text,
    case when detected_type in ('application/xml', 'application/edifact') then 'electronic' else coalesce(received, 'scan') end,
    actor,
    ocr ->> 'text', (ocr ->> 'confidence')::numeric, ocr -> 'words'
  )
  returning * into created;
  perform private.record_audit_event(pharmacy, actor, 'prescription_file_uploaded', 'prescription_file',
    created.id::text, format('Prescription file %s uploaded (%s, %s bytes)', name, detected_type, size), true,
    jsonb_build_object('fileName', name, 'fileType', detected_type, 'fileSize', size, 'sha256', digest,
      'prescriptionId', created.prescription_id));
  return created;
end
$$;
comment on function private.register_prescription_file(uuid, uuid, text, text, integer, text, text, uuid, jsonb) is
  'Records an upload for the actor''s pharmacy before its bytes are stored: the same SHA-256 twice is refused '
  '("This file was already uploaded", 23505, the earlier file in the detail); XML and EDIFACT came electronically.';

create function public.register_prescription_file(
  actor uuid, file_id uuid, name text, detected_type text, size integer, digest text, received text default null,
  of_prescription_id uuid default null, ocr jsonb default null
) returns public.prescription_files
language sql
set search_path = ''
as $$
  select private.register_prescription_file(actor, file_id, name, detected_type, size, digest, received, of_prescription_id, ocr)
$$;
comment on function public.register_prescription_file(uuid, uuid, text, text, integer, text, text, uuid, jsonb) is
  'POST /api/prescription-files'' record of an upload, service role only: the api decided the type by the bytes and '
  'hashed them, and names the signed-in caller (actor); see private.register_prescription_file.';

create function public.discard_prescription_file_upload(file_id uuid) returns void
language sql
set search_path = ''
as $$
  -- Only a row whose bytes never reached Storage: the api's undo of an upload whose store failed.
  delete from public.prescription_files f
  where f.id = file_id
    and not exists (select 1 from storage.objects o where o.bucket_id = 'prescription-files' and o.name = f.storage_path)
$$;
comment on function public.discard_prescription_file_upload(uuid) is
  'Service role only: removes the record of an upload whose bytes were never stored (the store failed), so nothing '
  'half-done stays; a row whose object exists is left alone.';

create function private.record_prescription_file_processing(actor uuid, file_id uuid, outcome jsonb) returns public.prescription_files
language plpgsql security definer
set search_path = ''
as $$
declare
  target public.prescription_files := private.prescription_file_in_pharmacy(file_id, private.active_staff_pharmacy(actor));
  result public.prescription_files;
  failed boolean := outcome ? 'errorReason';
  confidence numeric := (outcome ->> 'confidence')::numeric;
  needs_review boolean;
begin
  if target.processing_status <> 'pending' then
    raise exception 'Only a pending file can be processed' using errcode = 'P0001';
  end if;
  -- The rule of issue 23: below 0.85 or any failed check, a person reviews. scoreExtraction (shared) mirrors it with
  -- REVIEW_CONFIDENCE_THRESHOLD; tests/integration/api-prescription-files.test.ts keeps the two equal.
  needs_review := not failed and (confidence < 0.85
    or exists (select 1 from jsonb_array_elements(coalesce(outcome -> 'checks', '[]')) c where not (c ->> 'passed')::boolean));
  update public.prescription_files f set
    processing_status = case when failed then 'error' when needs_review then 'manual_review' else 'processed' end,
    extraction_confidence = case when failed then null else round(confidence, 2) end,
    manual_review_required = needs_review,
    source_format = outcome ->> 'sourceFormat',
    error_reason = outcome ->> 'errorReason',
    checks = coalesce(outcome -> 'checks', '[]'),
    patient_data = coalesce(outcome -> 'patientData', '{}'),
    drug_data = coalesce(outcome -> 'drugData', '{}'),
    prescriber_data = coalesce(outcome -> 'prescriberData', '{}'),
    matched_patient_id = (outcome ->> 'matchedPatientId')::uuid,
    matched_prescriber_id = (outcome ->> 'matchedPrescriberId')::uuid,
    matched_medication_id = (outcome ->> 'matchedMedicationId')::uuid,
    processed_at = now(),
    processed_by = actor
  where f.id = target.id
  returning * into result;
  perform private.record_audit_event(result.pharmacy_id, actor, 'prescription_file_processed',
    'prescription_file', result.id::text,
    format('Prescription file %s processed: %s%s', result.file_name, result.processing_status,
      case when failed then ' (' || result.error_reason || ')' else ' (confidence ' || result.extraction_confidence || ')' end),
    true, jsonb_build_object('status', result.processing_status, 'confidence', result.extraction_confidence,
      'sourceFormat', result.source_format, 'checks', result.checks));
  return result;
end
$$;
comment on function private.record_prescription_file_processing(uuid, uuid, jsonb) is
  'Records a pending file''s extraction ({sourceFormat, confidence, checks, patientData, drugData, prescriberData, '
  'matched*Id} or {errorReason}): error with the reason, manual_review below 0.85 or with a failed check, else processed.';

create function public.record_prescription_file_processing(actor uuid, file_id uuid, outcome jsonb) returns public.prescription_files
language sql
set search_path = ''
as $$
  select private.record_prescription_file_processing(actor, file_id, outcome)
$$;
comment on function public.record_prescription_file_processing(uuid, uuid, jsonb) is
  'POST /api/prescription-files/{id}/process'' record of the outcome, service role only: the api read the document and '
  'computed the checks and confidence, and names the signed-in caller (actor); see private.record_prescription_file_processing.';

create function private.prescription_file_matches(patient jsonb, drug jsonb, prescriber jsonb) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  -- Patient by first and last name (case-insensitive) and date of birth; prescriber by NPI; drug by its 11-digit NDC.
  -- Only a single match counts: two patients of that name and birth date are for a person to choose.
  select jsonb_build_object(
    'patientId', (select case when count(*) = 1 then min(p.id::text) end from public.patients p
                  where p.pharmacy_id = (select private.current_pharmacy_id())
                    and p.date_of_birth = (case when patient ->> 'dateOfBirth' ~ '^\d{4}-\d{2}-\d{2}$' then (patient ->> 'dateOfBirth')::date end)
                    and lower(p.last_name) = lower(btrim(patient ->> 'lastName'))
                    and lower(p.first_name) = lower(btrim(patient ->> 'firstName'))),
    'prescriberId', (select case when count(*) = 1 then min(r.id::text) end from public.prescribers r
                     where r.pharmacy_id = (select private.current_pharmacy_id()) and r.npi_number = prescriber ->> 'npiNumber'),
    'medicationId', (select m.id from public.medications m
                     where m.pharmacy_id = (select private.current_pharmacy_id()) and m.ndc11 = drug ->> 'ndcNumber'))
$$;
comment on function private.prescription_file_matches(jsonb, jsonb, jsonb) is
  'What an extraction matches in the caller''s pharmacy: {patientId (name + date of birth, when exactly one), '
  'prescriberId (NPI), medicationId (11-digit NDC)}, null where nothing or more than one matches.';

create function public.prescription_file_matches(patient jsonb, drug jsonb, prescriber jsonb) returns jsonb
language sql stable
set search_path = ''
as $$
  select private.prescription_file_matches(patient, drug, prescriber)
$$;
comment on function public.prescription_file_matches(jsonb, jsonb, jsonb) is
  'The processing step''s matches of extracted data: see private.prescription_file_matches.';

create function private.update_prescription_file(file_id uuid, changes jsonb) returns public.prescription_files
language plpgsql security definer
set search_path = ''
as $$
declare
  target public.prescription_files := private.prescription_file_in_pharmacy(file_id, (select private.current_pharmacy_id()));
  result public.prescription_files;
  -- The extracted data as the api names it, to compare with and to audit.
  stored jsonb := jsonb_build_object('patientData', target.patient_data, 'drugData', target.drug_data, 'prescriberData', target.prescriber_data);
  corrected text[] := array(select k from unnest(array['patientData', 'drugData', 'prescriberData']) k
                           where changes ? k and changes -> k is distinct from stored -> k);
  link_given boolean := changes ? 'prescriptionId';
  new_link uuid := case when changes ->> 'prescriptionId' is null then null
                        else private.prescription_in_pharmacy((changes ->> 'prescriptionId')::uuid, (select private.current_pharmacy_id())) end;
  reviewing boolean := coalesce((changes ->> 'reviewed')::boolean, false);
begin
  if cardinality(corrected) > 0 and target.processing_status not in ('processed', 'manual_review') then
    raise exception 'Only a processed file''s data can be corrected: process it first' using errcode = 'P0001';
  end if;
  if reviewing and target.processing_status not in ('processed', 'manual_review') then
    raise exception 'Only a processed file can be marked reviewed' using errcode = 'P0001';
  end if;
  if changes ? 'ocr' and target.file_type not in ('image/png', 'image/jpeg', 'application/pdf') then
    raise exception 'Only an image or a PDF has recognised text (OCR)' using errcode = '22023';
  end if;
  if link_given and target.prescription_id is not null and new_link is distinct from target.prescription_id then
    if exists (select 1 from public.prescriptions p where p.id = target.prescription_id and p.prescription_file_id = target.id) then
      raise exception 'This file was entered as its prescription; it stays linked to it' using errcode = 'P0001';
    end if;
    -- A dispensed prescription's files are its dispensing record: they stay with it.
    if private.prescription_dispensed(target.prescription_id) then
      raise exception 'This file belongs to a prescription that was dispensed; dispensing records must be retained, so it stays linked'
        using errcode = 'P0001';
    end if;
    if (select private.current_staff_role()) not in ('pharmacist', 'admin') then
      raise exception 'Only a pharmacist or admin can move a file linked to a prescription' using errcode = '42501';
    end if;
  end if;

  update public.prescription_files f set
    patient_data = case when changes ? 'patientData' then changes -> 'patientData' else f.patient_data end,
    drug_data = case when changes ? 'drugData' then changes -> 'drugData' else f.drug_data end,
    prescriber_data = case when changes ? 'prescriberData' then changes -> 'prescriberData' else f.prescriber_data end,
    prescription_id = case when link_given then new_link else f.prescription_id end,
    ocr_text = case when changes ? 'ocr' then changes -> 'ocr' ->> 'text' else f.ocr_text end,
    ocr_confidence = case when changes ? 'ocr' then (changes -> 'ocr' ->> 'confidence')::numeric else f.ocr_confidence end,
    ocr_words = case when changes ? 'ocr' then changes -> 'ocr' -> 'words' else f.ocr_words end,
    processing_status = case when reviewing then 'processed' else f.processing_status end,
    manual_review_required = case when reviewing then false else f.manual_review_required end,
    reviewed_at = case when reviewing then now() else f.reviewed_at end,
    reviewed_by = case when reviewing then (select auth.uid()) else f.reviewed_by end
  where f.id = target.id
  returning * into result;

  if cardinality(corrected) > 0 then
    perform private.record_audit_event(result.pharmacy_id, (select auth.uid()), 'prescription_file_corrected',
      'prescription_file', result.id::text,
      format('Prescription file %s corrected: %s', result.file_name, array_to_string(corrected, ', ')), true,
      jsonb_build_object('changed', to_jsonb(corrected),
        'old', (select jsonb_object_agg(k, stored -> k) from unnest(corrected) k),
        'new', (select jsonb_object_agg(k, changes -> k) from unnest(corrected) k)));
  end if;
  if reviewing then
    perform private.record_audit_event(result.pharmacy_id, (select auth.uid()), 'prescription_file_reviewed',
      'prescription_file', result.id::text, format('Prescription file %s reviewed', result.file_name), true,
      jsonb_build_object('confidence', result.extraction_confidence));
  end if;
  if link_given and new_link is distinct from target.prescription_id then
    perform private.record_audit_event(result.pharmacy_id, (select auth.uid()), 'prescription_file_linked',
      'prescription_file', result.id::text,
      case when new_link is null then format('Prescription file %s unlinked from its prescription', result.file_name)
           else format('Prescription file %s linked to a prescription', result.file_name) end, true,
      jsonb_build_object('from', target.prescription_id, 'to', new_link));
  end if;
  return result;
end
$$;
comment on function private.update_prescription_file(uuid, jsonb) is
  'PUT /api/prescription-files/{id}: corrections of a processed file''s patientData/drugData/prescriberData '
  '(audited with old and new), the review (a Review Required file becomes processed), a link to a prescription of '
  'the pharmacy (or null), OCR saved later. Changes only what the body names.';

create function public.update_prescription_file(file_id uuid, changes jsonb) returns public.prescription_files
language sql
set search_path = ''
as $$
  select private.update_prescription_file(file_id, changes)
$$;
comment on function public.update_prescription_file(uuid, jsonb) is
  'PUT /api/prescription-files/{id}: see private.update_prescription_file.';

create function private.delete_prescription_file(file_id uuid) returns text
language plpgsql security definer
set search_path = ''
as $$
declare
  target public.prescription_files := private.prescription_file_in_pharmacy(file_id, (select private.current_pharmacy_id()));
begin
  -- Dispensing records are kept: a file behind a prescription any fill of which was dispensed stays.
  if target.prescription_id is not null and private.prescription_dispensed(target.prescription_id) then
    raise exception 'This file belongs to a prescription that was dispensed; dispensing records must be retained, so it cannot be deleted'
      using errcode = 'P0001';
  end if;
  if target.prescription_id is not null and (select private.current_staff_role()) not in ('pharmacist', 'admin') then
    raise exception 'Only a pharmacist or admin can delete a file linked to a prescription' using errcode = '42501';
  end if;
  delete from public.prescription_files f where f.id = target.id;
  perform private.record_audit_event(target.pharmacy_id, (select auth.uid()), 'prescription_file_deleted',
    'prescription_file', target.id::text, format('Prescription file %s deleted', target.file_name), true,
    jsonb_build_object('fileName', target.file_name, 'sha256', target.sha256, 'prescriptionId', target.prescription_id,
      'status', target.processing_status));
  return target.storage_path;
end
$$;
comment on function private.delete_prescription_file(uuid) is
  'DELETE /api/prescription-files/{id}: removes the row (the api then removes the object with the service role, only '
  'once the row is gone) and answers its storage path; a dispensed prescription''s file is kept; a file linked to a '
  'prescription is removed only by a pharmacist or admin.';

create function public.delete_prescription_file(file_id uuid) returns text
language sql
set search_path = ''
as $$
  select private.delete_prescription_file(file_id)
$$;
comment on function public.delete_prescription_file(uuid) is
  'DELETE /api/prescription-files/{id}: see private.delete_prescription_file.';

-- -----------------------------------------------------------------------------------------------------
-- "Create prescription": the prescription names its file; the file is linked in the same statement
-- -----------------------------------------------------------------------------------------------------
create function private.link_prescription_file_on_entry() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  source public.prescription_files;
begin
  select * into source from public.prescription_files f
  where f.id = new.prescription_file_id and f.pharmacy_id = new.pharmacy_id
  for update;
  if source.id is null then
    raise exception 'Prescription file not found' using errcode = 'P0002';
  end if;
  if source.processing_status <> 'processed' then
    raise exception 'A prescription is entered from a processed or reviewed file: process or review it first' using errcode = 'P0001';
  end if;
  if source.prescription_id is not null then
    raise exception 'A prescription was already entered from this file' using errcode = '23505';
  end if;
  update public.prescription_files f set prescription_id = new.id where f.id = source.id;
  return null;
end
$$;
comment on function private.link_prescription_file_on_entry() is
  'AFTER INSERT trigger of prescriptions naming a prescription_file_id: the file must be processed (or reviewed) '
  'and not yet entered; it is linked to the new prescription in the same statement.';
create trigger link_prescription_file after insert on public.prescriptions
  for each row when (new.prescription_file_id is not null)
  execute function private.link_prescription_file_on_entry();

create function private.guard_prescription_file_reference() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- The file a prescription was entered from is history: set at entry only (a deleted file clears it).
  if new.prescription_file_id is not null and new.prescription_file_id is distinct from old.prescription_file_id then
    raise exception 'The file a prescription was entered from is set when it is entered' using errcode = '42501';
  end if;
  return new;
end
$$;
comment on function private.guard_prescription_file_reference() is
  'BEFORE UPDATE trigger of prescriptions: prescription_file_id is set at entry only.';
create trigger guard_prescription_file_reference before update of prescription_file_id on public.prescriptions
  for each row execute function private.guard_prescription_file_reference();

-- -----------------------------------------------------------------------------------------------------
-- Functions' grants
-- -----------------------------------------------------------------------------------------------------
revoke all on function private.prescription_file_in_pharmacy(uuid, uuid) from public;
revoke all on function private.prescription_in_pharmacy(uuid, uuid) from public;
revoke all on function private.prescription_dispensed(uuid) from public;
revoke all on function private.active_staff_pharmacy(uuid) from public;
revoke all on function private.register_prescription_file(uuid, uuid, text, text, integer, text, text, uuid, jsonb) from public;
revoke all on function private.record_prescription_file_processing(uuid, uuid, jsonb) from public;
revoke all on function private.prescription_file_matches(jsonb, jsonb, jsonb) from public;
revoke all on function private.update_prescription_file(uuid, jsonb) from public;
revoke all on function private.delete_prescription_file(uuid) from public;
grant execute on function private.register_prescription_file(uuid, uuid, text, text, integer, text, text, uuid, jsonb) to service_role;
grant execute on function private.record_prescription_file_processing(uuid, uuid, jsonb) to service_role;
grant execute on function private.prescription_file_matches(jsonb, jsonb, jsonb) to authenticated;
grant execute on function private.update_prescription_file(uuid, jsonb) to authenticated;
grant execute on function private.delete_prescription_file(uuid) to authenticated;
revoke all on function public.register_prescription_file(uuid, uuid, text, text, integer, text, text, uuid, jsonb) from public, anon, authenticated;
revoke all on function public.record_prescription_file_processing(uuid, uuid, jsonb) from public, anon, authenticated;
revoke all on function public.discard_prescription_file_upload(uuid) from public, anon, authenticated;
revoke all on function public.prescription_file_matches(jsonb, jsonb, jsonb) from public, anon;
revoke all on function public.update_prescription_file(uuid, jsonb) from public, anon;
revoke all on function public.delete_prescription_file(uuid) from public, anon;
revoke all on function public.prescription_file_stats() from public, anon;
revoke all on function public.prescription_files_of_prescription(uuid) from public, anon;
grant execute on function public.register_prescription_file(uuid, uuid, text, text, integer, text, text, uuid, jsonb) to service_role;
grant execute on function public.record_prescription_file_processing(uuid, uuid, jsonb) to service_role;
grant execute on function public.discard_prescription_file_upload(uuid) to service_role;
grant execute on function public.prescription_file_matches(jsonb, jsonb, jsonb) to authenticated;
grant execute on function public.update_prescription_file(uuid, jsonb) to authenticated;
grant execute on function public.delete_prescription_file(uuid) to authenticated;
grant execute on function public.prescription_file_stats() to authenticated;
grant execute on function public.prescription_files_of_prescription(uuid) to authenticated;

-- -----------------------------------------------------------------------------------------------------
-- Storage: bucket prescription-files, objects <pharmacy_id>/<file id>, one per row
-- -----------------------------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('prescription-files', 'prescription-files', false, 10485760,
        array['application/pdf', 'image/png', 'image/jpeg', 'application/xml', 'application/edifact'])
on conflict (id) do nothing;

create function private.is_recorded_prescription_file(object_name text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  -- A row of the caller's pharmacy names the object (its storage_path is always <pharmacy_id>/<id>).
  select exists (select 1 from public.prescription_files f
                 where f.storage_path = object_name and f.pharmacy_id = (select private.current_pharmacy_id()))
$$;
comment on function private.is_recorded_prescription_file(text) is
  'Whether a prescription-files object name is recorded by a row of the caller''s pharmacy.';
revoke all on function private.is_recorded_prescription_file(text) from public;
grant execute on function private.is_recorded_prescription_file(text) to authenticated;

create policy "Staff read their pharmacy's prescription files" on storage.objects
  for select to authenticated
  using (bucket_id = 'prescription-files' and private.is_recorded_prescription_file(name));

create policy "Staff store a recorded prescription file" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'prescription-files' and private.is_recorded_prescription_file(name));

-- No update and no delete policy: an object is never replaced, and its bytes are removed by the api with the service
-- role only after delete_prescription_file removed its row (which keeps a dispensed prescription's files).

-- -----------------------------------------------------------------------------------------------------
-- Live: a file arriving (from a fax gateway, another terminal) or processed anywhere moves its counters, which every
-- terminal follows; the file rows themselves (with OCR words) are not streamed.
-- -----------------------------------------------------------------------------------------------------
alter table public.prescription_file_counters replica identity full;
alter publication supabase_realtime add table public.prescription_file_counters;
