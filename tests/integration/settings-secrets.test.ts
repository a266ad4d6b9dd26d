/**
 * edge-functions/_shared/settings-secrets.ts, the one way function code reads a pharmacy's settings secrets (the
 * SMTP password for mail, …): the pharmacy comes from the caller's verified staff context — their JWT, read back
 * through the database — or, for service work, from a database row; never from the request. Runs the functions
 * runtime on the probe of tests/fixtures/settings-secrets.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_STAFF_ONLY_MESSAGE } from '../../shared/src/api/system-settings.ts';
import { startFunctionsRuntime, type FunctionsRuntime } from '../support/functions-runtime.ts';
import { FULL_SETTINGS_WRITES } from '../support/settings-writes.ts';
import { closeSql, signedInClient, stackEnv } from '../support/stack-env.ts';
import { repoRoot } from '../support/test-stack.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let runtime: FunctionsRuntime;
let baseUrl: string;
let a: TestPharmacy;
let b: TestPharmacy;

async function tokenOf(client: TestPharmacy['admin']['client']): Promise<string> {
  return (await client.auth.getSession()).data.session!.access_token;
}

async function probe(token: string, query: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}/probe?${query}`, { headers: { Authorization: `Bearer ${token}`, apikey: stackEnv().anonKey } });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  runtime = startFunctionsRuntime(path.join(repoRoot, 'tests/fixtures/settings-secrets'));
  [a, b] = [await createPharmacy('Secrets Helper Pharmacy A'), await createPharmacy('Secrets Helper Pharmacy B')];
  for (const [pharmacy, password] of [[a, 'a-smtp-password'], [b, 'b-smtp-password']] as const) {
    const { error } = await pharmacy.admin.client.rpc('save_settings_group', {
      group_key: 'email', settings: { ...FULL_SETTINGS_WRITES.email(), smtpPassword: undefined }, secret_changes: { smtpPassword: password },
    });
    if (error) throw new Error(error.message);
  }
  baseUrl = await runtime.url;
}, 120_000);

afterAll(async () => {
  await closeSql();
  if (runtime.child.exitCode === null) {
    const exited = new Promise((resolve) => runtime.child.once('exit', resolve));
    runtime.child.kill('SIGTERM');
    await exited;
  }
});

describe('callerSettingsSecrets', () => {
  it("gives each caller their own pharmacy's secrets, whoever of its staff asks", async () => {
    expect(await probe(await tokenOf(a.admin.client), 'group=email')).toEqual({ status: 200, body: { smtpPassword: 'a-smtp-password' } });
    expect(await probe(await tokenOf(b.technician.client), 'group=email')).toEqual({ status: 200, body: { smtpPassword: 'b-smtp-password' } });
    expect(await probe(await tokenOf(a.admin.client), 'group=fax')).toEqual({ status: 200, body: {} });
  });

  it('refuses a signed-in user who is staff of no pharmacy (403), and the anon key (401)', async () => {
    const { client } = await signedInClient('no-pharmacy');
    expect(await probe((await client.auth.getSession()).data.session!.access_token, 'group=email'))
      .toEqual({ status: 403, body: { error: SETTINGS_STAFF_ONLY_MESSAGE } });
    expect(await probe(stackEnv().anonKey, 'group=email')).toEqual({ status: 401, body: { error: 'Unauthorized' } });
  });
});

describe('rowSettingsSecrets', () => {
  it('gives the secrets of the pharmacy a database row belongs to', async () => {
    expect(await probe(await tokenOf(b.admin.client), 'group=email&row')).toEqual({ status: 200, body: { smtpPassword: 'b-smtp-password' } });
  });
});
