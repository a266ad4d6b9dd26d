/**
 * The client IP in PHI-access audit rows, over raw HTTP from a loopback address of the test's own
 * (127.0.0.9), so the address the gateway sees is not the one every other part of the stack has:
 * - through PostgREST (the web app's record_patient_access call), the row carries the address the gateway
 *   saw;
 * - through the `api` edge function (a label print, a prescription entry: the function writes with the
 *   caller's JWT), the row carries the caller's address too, not the function's: the function's per-request
 *   client forwards the X-Forwarded-For it received.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSql, sql, stackEnv } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';
import { addMedication, addPatient, enterPrescription, updatePrescription } from './db-clinical-support.ts';

/** Any 127.0.0.0/8 address reaches the loopback-bound gateway; this one is used by nothing else. */
const CLIENT_ADDRESS = '127.0.0.9';

let home: TestPharmacy;

beforeAll(async () => {
  home = await createPharmacy('Audit IP Pharmacy');
}, 120_000);

afterAll(closeSql);

async function accessToken(staff: TestPharmacy['technician']): Promise<string> {
  const { data } = await staff.client.auth.getSession();
  if (!data.session) throw new Error('not signed in');
  return data.session.access_token;
}

/** POSTs JSON to the gateway from CLIENT_ADDRESS as the signed-in user; resolves with the status. */
function postFromClientAddress(path: string, token: string, body: unknown): Promise<number> {
  const url = new URL(path, stackEnv().apiUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      localAddress: CLIENT_ADDRESS,
      headers: {
        apikey: stackEnv().anonKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(payload),
      },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function accessIps(patientId: string, action: string): Promise<string[]> {
  const rows = await sql<{ ip: string | null }>(
    'select host(ip_address) as ip from public.audit_log where patient_id = $1 and action = $2 order by id', [patientId, action]);
  return rows.map((row) => row.ip ?? 'none');
}

describe('the client IP of PHI-access audit rows', () => {
  it('through PostgREST: opening a patient record records the address the gateway saw', async () => {
    const patient = await addPatient(home.technician.client, 'Ip rest');
    const status = await postFromClientAddress('/rest/v1/rpc/record_patient_access', await accessToken(home.technician),
      { patient_id: patient.id, what: 'patient_record' });
    expect(status).toBeLessThan(300);
    expect(await accessIps(patient.id, 'patient_record_opened')).toEqual([CLIENT_ADDRESS]);
  });

  it('through the api function: printing a label records the caller\'s address, not the function\'s', async () => {
    const patient = await addPatient(home.technician.client, 'Ip api');
    const medication = await addMedication(home.pharmacist.client, 'Ip drug');
    const rx = await enterPrescription(home.technician.client, { patientId: patient.id, medicationId: medication.id });
    await updatePrescription(home.technician.client, rx.id, { status: 'processing' });
    await updatePrescription(home.pharmacist.client, rx.id, { status: 'ready' });

    const status = await postFromClientAddress('/functions/v1/api/labels/generate', await accessToken(home.technician), { prescriptionId: rx.id });
    expect(status).toBe(200);
    expect(await accessIps(patient.id, 'label_printed')).toEqual([CLIENT_ADDRESS]);
  });

  it('through the api function: entering a prescription audits it with the caller\'s address', async () => {
    const patient = await addPatient(home.technician.client, 'Ip entry');
    const medication = await addMedication(home.pharmacist.client, 'Entry drug');
    const status = await postFromClientAddress('/functions/v1/api/prescriptions', await accessToken(home.technician), {
      prescriptionType: 'written', patientId: patient.id, medicationId: medication.id, directions: 'Take 1 tablet daily', quantity: '30', refills: '0', daysSupply: '30',
    });
    expect(status).toBe(201);
    const rows = await sql<{ ip: string | null }>(
      `select host(a.ip_address) as ip from public.audit_log a join public.prescriptions p on p.id::text = a.entity_id
        where p.patient_id = $1 and a.action = 'prescription_entered'`, [patient.id]);
    expect(rows).toEqual([{ ip: CLIENT_ADDRESS }]);
  });
});
