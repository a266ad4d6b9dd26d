/**
 * The outbox (migration 20261125000400_message_outbox) command by command, as real users through supabase-js: the
 * admin reads their pharmacy's messages; pharmacists, technicians, another pharmacy and anon read none; no client
 * inserts, updates or deletes one (the admin included); the service role writes; what a message is never changes
 * and a sent message stays sent; the delivery and Vault functions are the service role's. Patients' email consent
 * needs an email address, and the email format is the shared form's, whoever writes.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENT_MESSAGES } from '../../shared/src/patients/patient.ts';
import { closeSql, createServiceClient, createTestClient, sql, stackEnv } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';
import { addContactPatient, outboxRowsFor, readyPrescription, saveEmailSettings } from './messaging-support.ts';

let a: TestPharmacy;
let b: TestPharmacy;
let anon: SupabaseClient;
let messageId: string;

async function insertMessage(pharmacyId: string, recipient: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.outbound_messages (pharmacy_id, channel, kind, recipient, subject, body)
     values ($1, 'email', 'test_email', $2, 'Subject', 'Body') returning id`, [pharmacyId, recipient]);
  return row!.id;
}

async function stored(id: string): Promise<Record<string, unknown> | undefined> {
  return (await sql('select * from public.outbound_messages where id = $1', [id]))[0];
}

// The messages here have no SMTP server to go to: keep the database from asking for their delivery (pg_cron's
// once-a-minute request would claim them under the tests), as messaging-support's withoutDeliveryRequests does.
beforeAll(async () => {
  await sql(`update vault.secrets set name = 'project_url (parked by a test)' where name = 'project_url'`);
});

afterAll(async () => {
  await sql(`update vault.secrets set name = 'project_url' where name = 'project_url (parked by a test)'`);
  await closeSql();
});

beforeAll(async () => {
  anon = createTestClient();
  [a, b] = [await createPharmacy('Outbox Pharmacy A'), await createPharmacy('Outbox Pharmacy B')];
  messageId = await insertMessage(a.id, 'patient@example.test');
}, 120_000);


describe('outbound_messages', () => {
  it("select: the admin reads their pharmacy's messages; pharmacist, technician, another pharmacy and anon read none", async () => {
    const own = await a.admin.client.from('outbound_messages').select('id, pharmacy_id');
    expect(own.error).toBeNull();
    expect(own.data?.map((row) => row.id)).toContain(messageId);
    expect(new Set(own.data?.map((row) => row.pharmacy_id))).toEqual(new Set([a.id]));
    for (const client of [a.pharmacist.client, a.technician.client, b.admin.client, b.pharmacist.client, anon]) {
      const { data } = await client.from('outbound_messages').select('id').eq('id', messageId);
      expect(data ?? []).toEqual([]);
    }
  });

  it('insert: no client adds a message, not even the admin; the service role does', async () => {
    for (const client of [a.admin.client, a.pharmacist.client, a.technician.client, anon]) {
      const { error } = await client.from('outbound_messages').insert({
        pharmacy_id: a.id, channel: 'email', kind: 'test_email', recipient: 'forged@example.test', subject: 'Forged', body: 'Forged',
      });
      expect(error).not.toBeNull();
    }
    expect(await sql(`select 1 from public.outbound_messages where recipient = 'forged@example.test'`)).toEqual([]);
    const { error } = await createServiceClient().from('outbound_messages').insert({
      pharmacy_id: a.id, channel: 'fax', kind: 'ready_notification', recipient: '(555) 123-4567', subject: 'Fax', body: 'Body',
    });
    expect(error).toBeNull();
  });

  it('update: no client changes a message; the service role moves only its delivery status', async () => {
    for (const client of [a.admin.client, a.pharmacist.client, b.admin.client, anon]) {
      const { data, error } = await client.from('outbound_messages').update({ status: 'sent', sent_at: new Date().toISOString() }).eq('id', messageId).select();
      if (!error) expect(data).toEqual([]);
    }
    expect(await stored(messageId)).toMatchObject({ status: 'queued', sent_at: null });

    const service = createServiceClient();
    const reworded = await service.from('outbound_messages').update({ recipient: 'someone-else@example.test' }).eq('id', messageId);
    expect(reworded.error?.message).toBe('A message cannot be changed once queued; only its delivery status moves');
    const sent = await service.from('outbound_messages').update({ status: 'sent', sent_at: new Date().toISOString() }).eq('id', messageId);
    expect(sent.error).toBeNull();
    const back = await service.from('outbound_messages').update({ status: 'queued', sent_at: null }).eq('id', messageId);
    expect(back.error?.message).toBe('A sent message stays sent');
    const unsent = await service.from('outbound_messages').update({ sent_at: null }).eq('id', messageId);
    expect(unsent.error?.message).toBe('A message has a sent time exactly when it was sent');
  });

  it('delete: no client removes a message', async () => {
    const id = await insertMessage(a.id, 'kept@example.test');
    for (const client of [a.admin.client, a.pharmacist.client, a.technician.client, b.admin.client, anon]) {
      const { data, error } = await client.from('outbound_messages').delete().eq('id', id).select();
      if (!error) expect(data).toEqual([]);
    }
    expect(await stored(id)).toBeDefined();
  });
});

describe('delivery functions', () => {
  it('are the service role\'s: signed-in users and anon are refused', async () => {
    for (const client of [a.admin.client, anon]) {
      expect((await client.rpc('claim_outbound_messages', {})).error?.code).toBe('42501');
      expect((await client.rpc('finish_outbound_message', { message_id: messageId, delivered: true })).error?.code).toBe('42501');
    }
  });

  it('claim takes due messages once; finish records the outcome', async () => {
    const service = createServiceClient();
    const id = await insertMessage(b.id, 'claimed@example.test');
    const first = await service.rpc('claim_outbound_messages', { claim_pharmacy_id: b.id, claim_limit: 10 });
    expect((first.data as Array<{ id: string; status: string; attempts: number }>).map(({ id: claimed, status, attempts }) => ({ claimed, status, attempts })))
      .toEqual([{ claimed: id, status: 'sending', attempts: 1 }]);
    const second = await service.rpc('claim_outbound_messages', { claim_pharmacy_id: b.id, claim_limit: 10 });
    expect(second.data).toEqual([]);
    const finished = await service.rpc('finish_outbound_message', { message_id: id, delivered: true });
    expect(finished.error).toBeNull();
    expect(await stored(id)).toMatchObject({ status: 'sent' });
    const again = await service.rpc('finish_outbound_message', { message_id: id, delivered: false, delivery_error: 'late' });
    expect(again.error?.message).toBe('The message is not being delivered (it is sent)');
  });

  it("messaging_admin_pharmacy_id answers an admin their pharmacy and refuses other staff", async () => {
    expect((await a.admin.client.rpc('messaging_admin_pharmacy_id')).data).toBe(a.id);
    for (const client of [a.pharmacist.client, a.technician.client]) {
      const { error } = await client.rpc('messaging_admin_pharmacy_id');
      expect(error?.code).toBe('42501');
    }
  });
});

// An admin may write the jsonb row of a group directly (PostgREST); a value of the wrong type reads as its §9 default.
describe('email settings of the wrong type', () => {
  it('never stop a prescription becoming ready (the ready notification stays off)', async () => {
    await saveEmailSettings(a.id, { patientEmailSettings: { autoEmailReadyNotifications: 'not a boolean' } });
    const prescriptionId = await readyPrescription(a, await addContactPatient(a.technician.client, 'typed@example.test', true));
    expect(await sql('select status from public.prescriptions where id = $1', [prescriptionId])).toEqual([{ status: 'ready' }]);
    expect(await outboxRowsFor(prescriptionId)).toEqual([]);
  });

  it("never stop a delivery's outcome being recorded (the retry defaults apply)", async () => {
    await saveEmailSettings(b.id, { maxRetryAttempts: 'three', retryDelayMinutes: 2.5 });
    const service = createServiceClient();
    const id = await insertMessage(b.id, 'retried@example.test');
    const claimed = await service.rpc('claim_outbound_messages', { claim_pharmacy_id: b.id, claim_limit: 10 });
    expect((claimed.data as Array<{ id: string }>).map((row) => row.id)).toEqual([id]);
    const finished = await service.rpc('finish_outbound_message', { message_id: id, delivered: false, delivery_error: 'refused' });
    expect(finished.error).toBeNull();
    const [row] = await sql<{ status: string; attempts: number; delay: string }>(
      `select status, attempts, round(extract(epoch from next_attempt_at - last_attempt_at) / 60) as delay
       from public.outbound_messages where id = $1`, [id]);
    expect(row).toEqual({ status: 'queued', attempts: 1, delay: '5' });
  });
});

describe('asking for delivery', () => {
  it('a Vault secret that cannot be read never stops a prescription becoming ready: the notification waits, queued', async () => {
    await saveEmailSettings(a.id, { patientEmailSettings: { autoEmailReadyNotifications: true } });
    // A damaged project_url (the real one is parked for this file): decrypting it fails.
    await sql(`insert into vault.secrets (name, secret) values ('project_url', 'ZGFtYWdlZCBjaXBoZXJ0ZXh0')`);
    try {
      await expect(sql(`select decrypted_secret from vault.decrypted_secrets where name = 'project_url'`)).rejects.toThrow();
      const prescriptionId = await readyPrescription(a, await addContactPatient(a.technician.client, 'vault@example.test', true));
      expect(await sql('select status from public.prescriptions where id = $1', [prescriptionId])).toEqual([{ status: 'ready' }]);
      expect(await outboxRowsFor(prescriptionId)).toMatchObject([{ kind: 'ready_notification', status: 'queued', attempts: 0 }]);
    } finally {
      await sql(`delete from vault.secrets where name = 'project_url'`);
      await saveEmailSettings(a.id, {});
    }
  });
});

describe('patients: email and consent', () => {
  const base = { first_name: 'Cora', last_name: 'Consent', date_of_birth: '1981-02-03' };

  it('stores an email address with consent', async () => {
    const { data, error } = await a.technician.client.from('patients')
      .insert({ ...base, email: 'cora@example.test', contact_consent: true }).select('email, contact_consent').single();
    expect(error).toBeNull();
    expect(data).toEqual({ email: 'cora@example.test', contact_consent: true });
  });

  it('refuses consent without an email address, and an email the form would refuse; stores nothing', async () => {
    const lastName = `Consent ${Date.now()}`;
    const noEmail = await a.technician.client.from('patients').insert({ ...base, last_name: lastName, contact_consent: true }).select('id');
    expect(noEmail.error?.message).toBe(PATIENT_MESSAGES.contactConsentNeedsEmail);
    const badEmail = await a.technician.client.from('patients').insert({ ...base, last_name: lastName, email: 'not an email' }).select('id');
    expect(badEmail.error?.message).toBe(PATIENT_MESSAGES.email);
    expect(await sql('select 1 from public.patients where last_name = $1', [lastName])).toEqual([]);
  });
});

describe('indexes: the queue pages and the due list at 30,000 messages', () => {
  let c: TestPharmacy;

  /** The plan Postgres chooses for a statement run as `userId` (RLS applying; none: as the superuser), sequential scans off. */
  async function planOf(userId: string | null, statement: string, params: unknown[] = []): Promise<string> {
    const client = new pg.Client({ connectionString: stackEnv().dbUrl });
    await client.connect();
    try {
      await client.query('begin');
      if (userId) {
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: userId, role: 'authenticated' })]);
        await client.query('set local role authenticated');
      }
      await client.query('set local enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (costs off) ${statement}`, params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  }

  // Years of ready notifications: nearly all sent, one in a hundred failed; none due.
  beforeAll(async () => {
    c = await createPharmacy('Outbox Pharmacy C');
    await sql(
      `insert into public.outbound_messages (pharmacy_id, channel, kind, recipient, subject, body, status, attempts, sent_at, created_at)
       select $1, case when i % 10 = 0 then 'fax' else 'email' end, 'ready_notification', 'patient' || i || '@example.test', 'Ready', 'Body',
              case when i % 100 = 0 then 'failed' else 'sent' end, 1,
              case when i % 100 = 0 then null else timestamptz '2024-01-01 00:00+00' + i * interval '1 hour' end,
              timestamptz '2024-01-01 00:00+00' + i * interval '1 hour'
       from generate_series(1, 30000) i`,
      [c.id],
    );
    await sql('analyze public.outbound_messages');
  }, 120_000);

  // The columns and order of the api's page (edge-functions/api/messaging/message-queue.ts).
  const page = `select id, kind, recipient, subject, status, attempts, last_error, prescription_id, created_at, sent_at, next_attempt_at
                from public.outbound_messages where pharmacy_id = $1 and channel = 'email' STATUS
                order by created_at desc, id desc limit 25 offset 50`;

  it('a page of a channel reads the page index in page order', async () => {
    const plan = await planOf(c.admin.id, page.replace('STATUS', ''), [c.id]);
    expect(plan).toMatch(/Index Scan using outbound_messages_page_idx/);
    expect(plan).not.toMatch(/Sort/);
  });

  it('a page and the count of one status read the status index (a rare status is not searched for among the sent)', async () => {
    const plan = await planOf(c.admin.id, page.replace('STATUS', `and status = 'failed'`), [c.id]);
    expect(plan).toMatch(/Index Scan using outbound_messages_status_page_idx/);
    expect(plan).not.toMatch(/Sort/);
    const count = await planOf(c.admin.id, `select count(*) from public.outbound_messages where pharmacy_id = $1 and channel = 'email' and status = 'failed'`, [c.id]);
    expect(count).toMatch(/Index (Only )?Scan using outbound_messages_status_page_idx/);
  });

  it("the delivery's due list reads the due index", async () => {
    const plan = await planOf(null, `select d.id from public.outbound_messages d
      where d.channel = 'email' and ((d.status = 'queued' and d.next_attempt_at <= now())
        or (d.status = 'sending' and d.last_attempt_at < now() - interval '10 minutes'))
      order by d.next_attempt_at limit 10`);
    expect(plan).toContain('outbound_messages_due_idx');
  });
});
