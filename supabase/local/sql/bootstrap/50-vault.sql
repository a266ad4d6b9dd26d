-- =====================================================================================================
-- Bootstrap: Supabase Vault's SQL interface as hosted Supabase has it (supabase/vault 0.3.x and the
-- after-create grants of supabase/postgres; written for this stack, not copied): vault.secrets,
-- vault.decrypted_secrets, vault.create_secret, vault.update_secret, with the same privileges.
--
-- Hosted encrypts with libsodium (deterministic AEAD) under a root key held in the server's memory. Here
-- pgcrypto's OpenPGP symmetric encryption (AES-256 with its integrity check) does it, each secret under a key
-- derived by HMAC-SHA256 from the stack's root key and the secret's id and nonce, so a ciphertext copied to
-- another row does not decrypt. The root key is a file beside the cluster (supabase/local/src/db/vault-key.ts),
-- read by pg_read_file inside the security-definer functions only: it is never in a table, a setting, a
-- statement's text or a log line, and no role but the superuser can read it.
-- Applied by the local stack before migrations on every start; idempotent; never a migration.
-- =====================================================================================================

create schema if not exists vault;
comment on schema vault is 'Supabase Vault: secrets encrypted at rest, read back through vault.decrypted_secrets.';

-- -----------------------------------------------------------------------------------------------------
-- The root key and the cipher (hosted: C functions of the extension over its in-memory key)
-- -----------------------------------------------------------------------------------------------------
create or replace function vault._local_root_key()
returns bytea
language plpgsql
stable
set search_path = ''
as $$
declare
  -- Beside the cluster's data directory: data_directory is fixed at server start, so no session can point
  -- this function at another file. Only the superuser may read settings of this kind and files.
  key_file constant text := pg_catalog.current_setting('data_directory') || '/../vault-root.key';
  key_hex text := pg_catalog.btrim(pg_catalog.pg_read_file(key_file), E' \n\r\t');
begin
  -- Checked before decoding, so that no error message ever quotes a character of the file.
  if key_hex !~ '^[0-9a-f]{64}$' then
    raise exception 'the local Vault root key file % is not a key (64 hex digits)', key_file;
  end if;
  return pg_catalog.decode(key_hex, 'hex');
end
$$;
comment on function vault._local_root_key() is
  'Local stack only: the Vault root key from <dataDir>/vault-root.key. Executable by the superuser alone (the '
  'definer functions below run as it); never returned to any other role.';

create or replace function vault._local_message_key(additional bytea, key_id bigint, context bytea, nonce bytea)
returns text
language sql
stable
set search_path = ''
as $$
  -- Length-prefixed fields, so that no two different inputs give the same HMAC message.
  select pg_catalog.encode(
    extensions.hmac(
      pg_catalog.int4send(pg_catalog.length(coalesce(context, ''::bytea))) || coalesce(context, ''::bytea)
        || pg_catalog.int8send(coalesce(key_id, 0))
        || pg_catalog.int4send(pg_catalog.length(coalesce(nonce, ''::bytea))) || coalesce(nonce, ''::bytea)
        || coalesce(additional, ''::bytea),
      vault._local_root_key(),
      'sha256'),
    'hex')
$$;
comment on function vault._local_message_key(bytea, bigint, bytea, bytea) is
  'Local stack only: the per-secret key (HMAC-SHA256 of context, key id, nonce and additional data under the root '
  'key), so a ciphertext decrypts only for the secret it was made for.';

create or replace function vault._crypto_aead_det_noncegen()
returns bytea
language sql
volatile
set search_path = ''
as $$ select extensions.gen_random_bytes(16) $$;
comment on function vault._crypto_aead_det_noncegen() is 'A fresh 16-byte nonce for a new secret (hosted: libsodium''s).';

create or replace function vault._crypto_aead_det_encrypt(message bytea, additional bytea, key_id bigint, context bytea default 'pgsodium', nonce bytea default null)
returns bytea
language sql
volatile
security definer
set search_path = ''
as $$
  select extensions.pgp_sym_encrypt_bytea(message, vault._local_message_key(additional, key_id, context, nonce), 'cipher-algo=aes256, s2k-mode=1')
$$;
comment on function vault._crypto_aead_det_encrypt(bytea, bytea, bigint, bytea, bytea) is
  'Encrypts a secret bound to its additional data (the secret''s id) and nonce. Security definer (it reads the root '
  'key); executable by no API role, as on hosted. s2k-mode=1: the password is already a 256-bit derived key.';

create or replace function vault._crypto_aead_det_decrypt(message bytea, additional bytea, key_id bigint, context bytea default 'pgsodium', nonce bytea default null)
returns bytea
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  -- Outside the handler below: a missing or damaged key file reports itself.
  message_key constant text := vault._local_message_key(additional, key_id, context, nonce);
begin
  begin
    return extensions.pgp_sym_decrypt_bytea(message, message_key);
  exception
    when others then
      -- One message for every failure (wrong row, wrong key, damaged data): no oracle on the ciphertext's form.
      raise exception 'vault: the secret cannot be decrypted (wrong key or damaged data)' using errcode = '22000';
  end;
end
$$;
comment on function vault._crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea) is
  'Decrypts what _crypto_aead_det_encrypt made with the same additional data and nonce. Security definer (it reads '
  'the root key); executable by postgres and service_role, as on hosted (decrypted_secrets calls it as its reader).';

-- -----------------------------------------------------------------------------------------------------
-- vault.secrets and vault.decrypted_secrets
-- -----------------------------------------------------------------------------------------------------
create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea default vault._crypto_aead_det_noncegen(),
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);
comment on table vault.secrets is
  'Secrets encrypted at rest: secret is the base64 of the ciphertext (bound to id and nonce); name is unique when '
  'set; key_id is unused, as on hosted. Write through vault.create_secret / vault.update_secret.';
create unique index if not exists secrets_name_idx on vault.secrets using btree (name) where name is not null;

create or replace view vault.decrypted_secrets as
select s.id,
  s.name,
  s.description,
  s.secret,
  pg_catalog.convert_from(
    vault._crypto_aead_det_decrypt(
      message := pg_catalog.decode(s.secret, 'base64'),
      additional := pg_catalog.convert_to(s.id::text, 'utf8'),
      key_id := 0,
      context := 'pgsodium'::bytea,
      nonce := s.nonce),
    'utf8') as decrypted_secret,
  s.key_id,
  s.nonce,
  s.created_at,
  s.updated_at
from vault.secrets s;
comment on view vault.decrypted_secrets is
  'vault.secrets with decrypted_secret, decrypted at query time (its reader needs execute on '
  'vault._crypto_aead_det_decrypt: postgres and service_role).';

-- -----------------------------------------------------------------------------------------------------
-- vault.create_secret and vault.update_secret
-- -----------------------------------------------------------------------------------------------------
create or replace function vault._local_seal_secret(plaintext text, secret_id uuid, secret_nonce bytea)
returns text
language sql
volatile
set search_path = ''
as $$
  -- Bound as vault.decrypted_secrets opens it: the secret's id as additional data, key 0, context pgsodium.
  select pg_catalog.encode(vault._crypto_aead_det_encrypt(
    message := pg_catalog.convert_to(plaintext, 'utf8'),
    additional := pg_catalog.convert_to(secret_id::text, 'utf8'),
    key_id := 0,
    context := 'pgsodium'::bytea,
    nonce := secret_nonce), 'base64')
$$;
comment on function vault._local_seal_secret(text, uuid, bytea) is
  'Local stack only: the stored form (base64 ciphertext) of a secret''s value for its row''s id and nonce, the one '
  'binding create_secret and update_secret write and vault.decrypted_secrets reads. Executable by the superuser '
  'alone (the definer functions run as it).';

create or replace function vault.create_secret(new_secret text, new_name text default null, new_description text default '', new_key_id uuid default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  secret_id constant uuid := gen_random_uuid();
  secret_nonce constant bytea := vault._crypto_aead_det_noncegen();
begin
  -- The id is chosen first so the row is written encrypted at once (the plaintext never reaches a tuple).
  -- new_key_id is ignored, as on hosted. A null secret fails on the not-null column; a taken name on its index.
  insert into vault.secrets (id, secret, name, description, nonce)
  values (
    secret_id,
    vault._local_seal_secret(new_secret, secret_id, secret_nonce),
    new_name,
    new_description,
    secret_nonce);
  return secret_id;
end
$$;
comment on function vault.create_secret(text, text, text, uuid) is
  'Stores a secret encrypted; returns its id. A duplicate name fails (unique index).';

create or replace function vault.update_secret(secret_id uuid, new_secret text default null, new_name text default null, new_description text default null, new_key_id uuid default null)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- A null argument keeps the current value; new_key_id is ignored, as on hosted.
  update vault.secrets s
  set secret = case when new_secret is null then s.secret else vault._local_seal_secret(new_secret, s.id, s.nonce) end,
      name = coalesce(new_name, s.name),
      description = coalesce(new_description, s.description),
      updated_at = now()
  where s.id = secret_id;
end
$$;
comment on function vault.update_secret(uuid, text, text, text, uuid) is
  'Changes a secret''s value, name or description (null keeps each); sets updated_at.';

-- -----------------------------------------------------------------------------------------------------
-- Privileges, as hosted: nothing for PUBLIC, anon or authenticated; postgres (with grant option, so its
-- security-definer functions can use the vault) and service_role may read, delete and use the functions.
-- -----------------------------------------------------------------------------------------------------
revoke all on schema vault from public;
revoke all on all tables in schema vault from public, anon, authenticated;
revoke all on function
  vault._local_root_key(),
  vault._local_message_key(bytea, bigint, bytea, bytea),
  vault._crypto_aead_det_noncegen(),
  vault._crypto_aead_det_encrypt(bytea, bytea, bigint, bytea, bytea),
  vault._crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea),
  vault._local_seal_secret(text, uuid, bytea),
  vault.create_secret(text, text, text, uuid),
  vault.update_secret(uuid, text, text, text, uuid)
from public, anon, authenticated;

grant usage on schema vault to postgres with grant option;
grant select, delete on vault.secrets, vault.decrypted_secrets to postgres with grant option;
grant execute on function
  vault.create_secret(text, text, text, uuid),
  vault.update_secret(uuid, text, text, text, uuid),
  vault._crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea)
to postgres with grant option;

grant usage on schema vault to service_role;
grant select, delete on vault.secrets, vault.decrypted_secrets to service_role;
grant execute on function
  vault.create_secret(text, text, text, uuid),
  vault.update_secret(uuid, text, text, text, uuid),
  vault._crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea)
to service_role;
