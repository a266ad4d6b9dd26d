-- =====================================================================================================
-- Messaging (issue 12, System Settings → Email and Fax): the outbox of email and fax messages, the patients'
-- email consent, and the ready notification (autoEmailReadyNotifications).
--
-- * public.outbound_messages is the one record of every message the pharmacy sends: queued by the database
--   (the ready notification, in the transaction that made the prescription ready) or written by the api
--   function as the service role (a Send Test Email, after it was sent or refused). Admins read their
--   pharmacy's (View Email Queue / View Fax Queue); nobody but the database and the service role writes.
-- * Delivery: queuing a message asks the api function to deliver it with pg_net (net.http_post, sent when the
--   transaction commits) at POST {project_url}/functions/v1/api/internal/outbox/deliver with the service role
--   key, both read from Vault as Supabase's docs do for calling functions from the database (secrets named
--   project_url and service_role_key). The function claims due messages (claim_outbound_messages), sends each
--   with its pharmacy's SMTP settings and reports the outcome (finish_outbound_message), which retries per the
--   email group's maxRetryAttempts / retryDelayMinutes.
-- * Without pg_net or those secrets the message stays queued (nothing is lost; the next request or pg_cron's
--   once-a-minute job for due messages delivers it); a failure to ask never undoes the prescription's move.
-- =====================================================================================================

-- -----------------------------------------------------------------------------------------------------
-- pg_net and pg_cron, as Supabase's docs enable them (hosted: available extensions; the local stack installs
-- its own into the server's extension folder). Where one is not available the outbox still works: messages wait
-- until the api function is asked to deliver by other means.
-- -----------------------------------------------------------------------------------------------------
do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
end
$$;

-- -----------------------------------------------------------------------------------------------------
-- Patients: email notifications consent, and the email format the shared form checks
-- -----------------------------------------------------------------------------------------------------
alter table public.patients
  add column contact_consent boolean not null default false;
comment on column public.patients.contact_consent is
  'The patient agreed to be emailed about their prescriptions (e.g. "ready for pickup"). Needs an email address.';

-- NOT VALID: rows written before this rule keep whatever was typed; every new or changed row is checked.
alter table public.patients
  add constraint patients_email_format check (email is null or email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$') not valid,
  add constraint patients_contact_consent_needs_email check (not contact_consent or email is not null);
comment on constraint patients_email_format on public.patients is 'Invalid email address';
comment on constraint patients_contact_consent_needs_email on public.patients is
  'Email notifications need an email address';

select private.install_constraint_explanations('public.patients');

-- The Patient Database list reads the consent with the rest of the record (its columns are the function's).
drop function public.search_patients(text, integer, integer, boolean);

create function public.search_patients(
  search text default null, page_size integer default 25, page_offset integer default 0, name_descending boolean default false
)
returns table (
  id uuid,
  first_name text,
  last_name text,
  date_of_birth date,
  phone text,
  email text,
  street_address text,
  city text,
  state text,
  zip_code text,
  insurance_provider text,
  insurance_member_id text,
  insurance_group_number text,
  allergies text[],
  current_medications text[],
  created_at timestamptz,
  updated_at timestamptz,
  contact_consent boolean,
  total_count bigint
)
language sql stable security invoker
set search_path = ''
as $$
  select p.id, p.first_name, p.last_name, p.date_of_birth, p.phone, p.email, p.street_address, p.city, p.state,
         p.zip_code, p.insurance_provider, p.insurance_member_id, p.insurance_group_number, p.allergies,
         p.current_medications, p.created_at, p.updated_at, p.contact_consent, page.total
  from private.patient_search_page(search, page_size, page_offset, name_descending) page
  cross join lateral unnest(page.patient_ids) with ordinality as hit (patient_id, position)
  join public.patients p on p.id = hit.patient_id
  order by hit.position
$$;
comment on function public.search_patients(text, integer, integer, boolean) is
  'The Patient Database list and the prescription form''s patient picker: one page of the caller''s pharmacy''s '
  'patients matching the search (private.patient_search_condition: name words, phone digits, date of birth or '
  'birth year; blank = all), ordered by last name, first name, id (Z–A when name_descending), each row carrying total_count, the exact number '
  'of matches on all pages (no row past the last page). page_size 1..100, page_offset >= 0. Security invoker: the '
  'rows are read through RLS. Also the email notifications consent (migration 20261125000400).';
revoke execute on function public.search_patients(text, integer, integer, boolean) from public, anon;
grant execute on function public.search_patients(text, integer, integer, boolean) to authenticated, service_role;

-- -----------------------------------------------------------------------------------------------------
-- The outbox
-- -----------------------------------------------------------------------------------------------------
create table public.outbound_messages (
  id uuid primary key default gen_random_uuid(),
  pharmacy_id uuid not null references public.pharmacies (id) on delete cascade,
  channel text not null,
  kind text not null,
  recipient text not null,
  subject text not null,
  body text not null,
  prescription_id uuid,
  status text not null default 'queued',
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz not null default now(),
  last_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint outbound_messages_channel_check check (channel in ('email', 'fax')),
  constraint outbound_messages_kind_check check (kind in ('ready_notification', 'test_email')),
  constraint outbound_messages_status_check check (status in ('queued', 'sending', 'sent', 'failed')),
  constraint outbound_messages_recipient_check check (length(btrim(recipient)) between 1 and 320 and recipient !~ '[[:cntrl:]]'),
  constraint outbound_messages_subject_check check (length(subject) <= 998 and subject !~ '[[:cntrl:]]'),
  constraint outbound_messages_attempts_check check (attempts >= 0),
  constraint outbound_messages_sent_at_check check ((status = 'sent') = (sent_at is not null)),
  -- A prescription's message of a kind exists once: a prescription that becomes ready again never mails twice.
  constraint outbound_messages_one_per_prescription unique (pharmacy_id, prescription_id, kind),
  constraint outbound_messages_prescription_fkey foreign key (pharmacy_id, prescription_id)
    references public.prescriptions (pharmacy_id, id) on delete set null (prescription_id)
);
comment on table public.outbound_messages is
  'Every email and fax a pharmacy sends (System Settings → View Email Queue / View Fax Queue): queued by the '
  'database (ready notifications) or recorded by the api function (test emails), delivered by the api function. '
  'Admins read their pharmacy''s; only the database and the service role write.';
comment on column public.outbound_messages.kind is 'What the message is: ready_notification (a prescription is ready), test_email.';
comment on column public.outbound_messages.recipient is 'An email address (channel email) or a fax number (channel fax).';
comment on column public.outbound_messages.body is 'The plain-text body.';
comment on column public.outbound_messages.prescription_id is 'The prescription the message is about, if any.';
comment on column public.outbound_messages.status is
  'queued (waiting, possibly for a retry at next_attempt_at), sending (claimed by a delivery), sent, failed (no retries left).';
comment on column public.outbound_messages.attempts is 'Delivery attempts so far.';
comment on column public.outbound_messages.last_error is 'What the last failed attempt was told (the server''s reply or the connection error).';
comment on column public.outbound_messages.next_attempt_at is 'When a queued message is next due.';
comment on constraint outbound_messages_channel_check on public.outbound_messages is 'Channel must be email or fax';
comment on constraint outbound_messages_kind_check on public.outbound_messages is 'Message kind must be ready_notification or test_email';
comment on constraint outbound_messages_status_check on public.outbound_messages is 'Status must be queued, sending, sent or failed';
comment on constraint outbound_messages_recipient_check on public.outbound_messages is 'A message needs one recipient on one line';
comment on constraint outbound_messages_subject_check on public.outbound_messages is 'A subject is one line of at most 998 characters';
comment on constraint outbound_messages_attempts_check on public.outbound_messages is 'Attempts cannot be negative';
comment on constraint outbound_messages_sent_at_check on public.outbound_messages is 'A message has a sent time exactly when it was sent';
comment on constraint outbound_messages_one_per_prescription on public.outbound_messages is
  'This message was already queued for the prescription';

-- The queue pages (newest first per channel, and per status when the page is filtered by one: a rare status such as
-- failed is then read, and counted, without walking years of sent messages) and the delivery's due list; the unique
-- key indexes the prescription's.
create index outbound_messages_page_idx on public.outbound_messages (pharmacy_id, channel, created_at desc, id desc);
create index outbound_messages_status_page_idx on public.outbound_messages (pharmacy_id, channel, status, created_at desc, id desc);
create index outbound_messages_due_idx on public.outbound_messages (next_attempt_at) where status in ('queued', 'sending');

-- -----------------------------------------------------------------------------------------------------
-- Invariants: what a message is never changes; a sent message is final
-- -----------------------------------------------------------------------------------------------------
create function private.guard_outbound_message() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.pharmacy_id, new.channel, new.kind, new.recipient, new.subject, new.body, new.created_at)
     is distinct from (old.pharmacy_id, old.channel, old.kind, old.recipient, old.subject, old.body, old.created_at)
     or (new.prescription_id is not null and new.prescription_id is distinct from old.prescription_id) then
    raise exception 'A message cannot be changed once queued; only its delivery status moves' using errcode = '42501';
  end if;
  if old.status = 'sent' and new.status <> 'sent' then
    raise exception 'A sent message stays sent' using errcode = '23514';
  end if;
  return new;
end
$$;
comment on function private.guard_outbound_message() is
  'BEFORE UPDATE trigger of outbound_messages: pharmacy, channel, kind, recipient, subject, body, created time and '
  'prescription never change (the prescription may only be cleared by its deletion); a sent message stays sent.';

create trigger guard_outbound_message before update on public.outbound_messages
  for each row execute function private.guard_outbound_message();

-- -----------------------------------------------------------------------------------------------------
-- Privileges and policies: admins read their pharmacy's messages; no client writes
-- -----------------------------------------------------------------------------------------------------
revoke all on public.outbound_messages from anon, authenticated;
grant select on public.outbound_messages to authenticated;
grant select, insert, update, delete on public.outbound_messages to service_role;

alter table public.outbound_messages enable row level security;

create policy "Admins read their pharmacy's outbound messages" on public.outbound_messages
  for select to authenticated
  using (pharmacy_id = (select private.current_pharmacy_id()) and (select private.is_pharmacy_admin()));

select private.install_constraint_explanations('public.outbound_messages');

-- -----------------------------------------------------------------------------------------------------
-- Asking the api function to deliver (pg_net, after commit)
-- -----------------------------------------------------------------------------------------------------
create function private.request_outbox_delivery(delivery_pharmacy_id uuid) returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_role_key text;
  request_id bigint;
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    return null;
  end if;
  -- Reading Vault is inside the guard too: a secret that cannot be decrypted leaves the message waiting, it never
  -- undoes the caller's work (a prescription becoming ready).
  begin
    select s.decrypted_secret into project_url from vault.decrypted_secrets s where s.name = 'project_url';
    select s.decrypted_secret into service_role_key from vault.decrypted_secrets s where s.name = 'service_role_key';
    if project_url is null or service_role_key is null then
      return null;
    end if;
    select net.http_post(
      url := rtrim(project_url, '/') || '/functions/v1/api/internal/outbox/deliver',
      body := jsonb_build_object('pharmacyId', delivery_pharmacy_id),
      headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_role_key),
      timeout_milliseconds := 10000
    ) into request_id;
  exception when others then
    -- The message stays queued for the next request; the caller's transaction goes on.
    raise warning 'outbox: could not ask for delivery: %', sqlerrm;
    return null;
  end;
  return request_id;
end
$$;
comment on function private.request_outbox_delivery(uuid) is
  'Asks the api function (POST /api/internal/outbox/deliver, service role) to deliver a pharmacy''s due messages, '
  'through pg_net (sent after commit) with project_url and service_role_key from Vault. Returns the pg_net request '
  'id, or null when pg_net or the secrets are missing or the request could not be queued (the message waits).';
revoke all on function private.request_outbox_delivery(uuid) from public;
grant execute on function private.request_outbox_delivery(uuid) to service_role;

-- Retries and anything left waiting: once a minute, pg_cron asks for delivery when a message is due.
create function private.request_due_outbox_delivery() returns bigint
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.outbound_messages m
     where m.channel = 'email'
       and ((m.status = 'queued' and m.next_attempt_at <= now())
            or (m.status = 'sending' and m.last_attempt_at < now() - interval '10 minutes'))) then
    return null;
  end if;
  return private.request_outbox_delivery(null);
end
$$;
comment on function private.request_due_outbox_delivery() is
  'Run by pg_cron every minute: asks the api function to deliver when an email message is due (a retry whose delay '
  'has passed, one whose delivery request was lost, or a delivery that died mid-way); otherwise does nothing.';
revoke all on function private.request_due_outbox_delivery() from public;

do $$
begin
  if to_regnamespace('cron') is not null then
    perform cron.schedule('deliver-due-outbound-messages', '* * * * *', 'select private.request_due_outbox_delivery()');
  end if;
end
$$;

-- -----------------------------------------------------------------------------------------------------
-- The ready notification: queued once per prescription, in the transaction that made it ready
-- -----------------------------------------------------------------------------------------------------
create function private.queue_ready_notification() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  email_settings jsonb := private.pharmacy_settings_values(new.pharmacy_id, 'email');
  patient record;
  pharmacy record;
  queued integer;
begin
  -- §9 default of autoEmailReadyNotifications: off. Only a stored true turns it on: a value of another type (an admin
  -- may write the jsonb row directly) reads as the default, never as a cast error that would refuse every fill.
  if (email_settings #> '{patientEmailSettings,autoEmailReadyNotifications}') is distinct from 'true'::jsonb then
    return null;
  end if;
  select p.first_name, p.email, p.contact_consent into patient
    from public.patients p where p.id = new.patient_id and p.pharmacy_id = new.pharmacy_id;
  if not found or patient.email is null or btrim(patient.email) = '' or not patient.contact_consent then
    return null;
  end if;
  select ph.pharmacy_name, ph.phone into pharmacy from public.pharmacies ph where ph.id = new.pharmacy_id;

  -- Once per prescription: the prescription's row is locked by this update, so no other move races this check.
  if exists (select 1 from public.outbound_messages m
              where m.pharmacy_id = new.pharmacy_id and m.prescription_id = new.id and m.kind = 'ready_notification') then
    return null;
  end if;

  -- Only the prescription number, never the drug: the mail may be read by someone else (HIPAA minimum necessary).
  -- A recipient the outbox refuses (an address stored before the email format rule) must not stop the fill.
  begin
    insert into public.outbound_messages (pharmacy_id, channel, kind, recipient, subject, body, prescription_id)
    values (
      new.pharmacy_id, 'email', 'ready_notification', btrim(patient.email),
      format('Your prescription is ready for pickup at %s', pharmacy.pharmacy_name),
      format(E'Hello %s,\n\nYour prescription RX %s is ready for pickup at %s.%s\n\nThis is an automated message; please do not reply.',
        patient.first_name, new.rx_number, pharmacy.pharmacy_name,
        case when pharmacy.phone is not null then format(' Questions? Call us at %s.', pharmacy.phone) else '' end),
      new.id)
    on conflict (pharmacy_id, prescription_id, kind) do nothing;
    get diagnostics queued = row_count;
  exception when check_violation or unique_violation then
    raise warning 'outbox: no ready notification for prescription %: %', new.id, sqlerrm;
    return null;
  end;
  if queued > 0 then
    perform private.request_outbox_delivery(new.pharmacy_id);
  end if;
  return null;
end
$$;
comment on function private.queue_ready_notification() is
  'AFTER UPDATE OF status trigger of prescriptions (→ ready): when the pharmacy''s email setting '
  'patientEmailSettings.autoEmailReadyNotifications is on and the patient has an email address and consent, queues '
  'one ready-notification email (once per prescription: the unique key) and asks for its delivery.';
revoke all on function private.queue_ready_notification() from public;

create trigger queue_ready_notification after update of status on public.prescriptions
  for each row when (new.status = 'ready' and old.status is distinct from new.status)
  execute function private.queue_ready_notification();

-- -----------------------------------------------------------------------------------------------------
-- Delivery, as the service role (the api function's /api/internal/outbox/deliver)
-- -----------------------------------------------------------------------------------------------------
create function public.claim_outbound_messages(claim_pharmacy_id uuid default null, claim_limit integer default 10)
returns setof public.outbound_messages
language sql
set search_path = ''
as $$
  update public.outbound_messages m
     set status = 'sending', attempts = m.attempts + 1, last_attempt_at = now()
   where m.id in (
     select d.id from public.outbound_messages d
      where d.channel = 'email'
        and (claim_pharmacy_id is null or d.pharmacy_id = claim_pharmacy_id)
        and ((d.status = 'queued' and d.next_attempt_at <= now())
             -- A delivery that died mid-way (its function stopped) is taken again after 10 minutes.
             or (d.status = 'sending' and d.last_attempt_at < now() - interval '10 minutes'))
      order by d.next_attempt_at
      limit least(greatest(coalesce(claim_limit, 10), 1), 100)
      for update skip locked)
  returning m.*
$$;
comment on function public.claim_outbound_messages(uuid, integer) is
  'Service role only: takes up to claim_limit (1–100) due email messages (of one pharmacy, or all) for delivery — '
  'status sending, one more attempt — skipping rows another delivery holds, so two deliveries never send one message.';
revoke all on function public.claim_outbound_messages(uuid, integer) from public;
grant execute on function public.claim_outbound_messages(uuid, integer) to service_role;

create function private.settings_whole_number(stored jsonb, default_value integer) returns integer
language sql immutable
set search_path = ''
as $$
  -- Nested cases: the numeric casts run only on a JSON number.
  select case when jsonb_typeof(stored) is distinct from 'number' then default_value
              when (stored #>> '{}')::numeric between 0 and 2147483647 and (stored #>> '{}')::numeric = trunc((stored #>> '{}')::numeric)
              then (stored #>> '{}')::numeric::integer
              else default_value end
$$;
comment on function private.settings_whole_number(jsonb, integer) is
  'A stored settings value as a whole number, or default_value (the §9 default) when it is missing or of another type.';
revoke all on function private.settings_whole_number(jsonb, integer) from public;
grant execute on function private.settings_whole_number(jsonb, integer) to service_role;

create function public.finish_outbound_message(message_id uuid, delivered boolean, delivery_error text default null)
returns public.outbound_messages
language plpgsql
set search_path = ''
as $$
declare
  message public.outbound_messages;
  group_values jsonb;
  max_attempts integer;
  retry_delay_minutes integer;
begin
  select * into message from public.outbound_messages m where m.id = message_id for update;
  if not found then
    raise exception 'Message not found' using errcode = 'P0002';
  end if;
  if message.status <> 'sending' then
    raise exception 'The message is not being delivered (it is %)', message.status using errcode = 'P0001';
  end if;
  if delivered then
    update public.outbound_messages m set status = 'sent', sent_at = now(), last_error = null
     where m.id = message_id returning * into message;
    return message;
  end if;
  -- §9 defaults: email 3 attempts 5 minutes apart; fax the same. A stored value that is not a whole number reads as
  -- the default (an admin may write the jsonb row directly), so the outcome is always recorded.
  group_values := private.pharmacy_settings_values(message.pharmacy_id, message.channel);
  max_attempts := private.settings_whole_number(group_values -> case message.channel when 'email' then 'maxRetryAttempts' else 'faxRetryAttempts' end, 3);
  retry_delay_minutes := private.settings_whole_number(group_values -> case message.channel when 'email' then 'retryDelayMinutes' else 'faxRetryDelayMinutes' end, 5);
  update public.outbound_messages m
     set status = case when m.attempts >= max_attempts then 'failed' else 'queued' end,
         next_attempt_at = now() + make_interval(mins => retry_delay_minutes),
         last_error = left(coalesce(nullif(btrim(delivery_error), ''), 'Delivery failed'), 2000)
   where m.id = message_id returning * into message;
  return message;
end
$$;
comment on function public.finish_outbound_message(uuid, boolean, text) is
  'Service role only: records a delivery''s outcome — sent, or failed with the error; a failed message is queued again '
  'after the group''s retry delay until its attempts reach the group''s retry attempts (email: maxRetryAttempts, '
  'retryDelayMinutes; fax: faxRetryAttempts, faxRetryDelayMinutes), then it is failed.';
revoke all on function public.finish_outbound_message(uuid, boolean, text) from public;
grant execute on function public.finish_outbound_message(uuid, boolean, text) to service_role;

-- -----------------------------------------------------------------------------------------------------
-- What the api function needs from the caller and from Vault
-- -----------------------------------------------------------------------------------------------------
create function public.messaging_admin_pharmacy_id() returns uuid
language plpgsql
stable
set search_path = ''
as $$
begin
  if not coalesce((select private.is_pharmacy_admin()), false) then
    raise exception 'Only an admin can use the pharmacy''s email and fax settings' using errcode = '42501';
  end if;
  return (select private.current_pharmacy_id());
end
$$;
comment on function public.messaging_admin_pharmacy_id() is
  'The caller''s pharmacy when the caller is its active admin (42501 otherwise): the api function asks this, as the '
  'caller, before it tests or sends with the pharmacy''s email or fax settings or lists its queues.';
revoke all on function public.messaging_admin_pharmacy_id() from public;
grant execute on function public.messaging_admin_pharmacy_id() to authenticated;

