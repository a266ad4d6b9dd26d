/**
 * GET /api/system-status (shared/src/api/system-status.ts): a real health check of the database (through the REST
 * API with the caller's JWT), the api function and Storage. With every part up it answers 'operational' with each
 * part's measured latency; with a part of the test stack frozen (SIGSTOP: the process is alive, so the supervisor
 * does not restart it, but it answers nothing) that part fails with its message and the whole is 'degraded'.
 */
import fs from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SystemStatus, systemStatusEndpoint } from '../../shared/src/api/system-status.ts';
import { createApiInvoker } from '../../web/src/lib/api-invoker.ts';
import { callApi } from '../support/api-call.ts';
import { closeSql, createTestClient, signedInClient, stackEnv } from '../support/stack-env.ts';
import { createPharmacy, type TestPharmacy } from './db-fixtures.ts';

let a: TestPharmacy;

beforeAll(async () => {
  a = await createPharmacy('Status Pharmacy');
}, 120_000);

afterAll(closeSql);

const path = systemStatusEndpoint.path.replace(/^\/api\//, '');
const status = (client: SupabaseClient) => callApi<SystemStatus & { error?: string }>(client, path);

function partPid(part: string): number {
  const state = JSON.parse(fs.readFileSync(stackEnv().stateFile, 'utf8')) as { parts: Record<string, number | null> };
  const pid = state.parts[part];
  if (!pid) throw new Error(`the test stack has no ${part} part`);
  return pid;
}

/** Runs `check` while the part's process is stopped; it always continues afterwards. */
async function whileFrozen<T>(part: string, check: () => Promise<T>): Promise<T> {
  const pid = partPid(part);
  process.kill(pid, 'SIGSTOP');
  try {
    return await check();
  } finally {
    process.kill(pid, 'SIGCONT');
  }
}

describe('GET /api/system-status', () => {
  it('answers operational with every part ok and its measured latency, to the web app’s typed call', async () => {
    const answer = await createApiInvoker(a.admin.client)(systemStatusEndpoint);
    expect(answer.status).toBe('operational');
    expect(Number.isNaN(Date.parse(answer.checkedAt))).toBe(false);
    for (const part of ['database', 'api', 'storage'] as const) {
      expect(answer.checks[part], part).toMatchObject({ status: 'ok', message: 'Answering' });
      expect(answer.checks[part].latencyMs, part).toBeGreaterThan(0);
    }
  });

  it('answers every signed-in user and 401 without one', async () => {
    for (const staff of [a.pharmacist, a.technician]) expect((await status(staff.client)).body.status, staff.email).toBe('operational');
    const { client: outsider } = await signedInClient('status-outsider');
    expect((await status(outsider)).body.status).toBe('operational');
    expect(await status(createTestClient())).toEqual({ status: 401, body: { error: 'Unauthorized' } });
  });

  it('reports Storage failed, and the whole degraded, while the storage service does not answer', { timeout: 60_000 }, async () => {
    const answer = await whileFrozen('storage', () => status(a.admin.client));
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('degraded');
    expect(answer.body.checks.storage).toMatchObject({ status: 'failed', message: 'Storage did not answer within 5 s' });
    expect(answer.body.checks.database.status).toBe('ok');
    expect(answer.body.checks.api.status).toBe('ok');
    // Back to operational once it answers again.
    expect((await status(a.admin.client)).body.status).toBe('operational');
  });

  it('reports the database failed while the REST API does not answer', { timeout: 60_000 }, async () => {
    const answer = await whileFrozen('rest', () => status(a.admin.client));
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('degraded');
    expect(answer.body.checks.database).toMatchObject({ status: 'failed', message: 'The database did not answer within 5 s' });
    expect(answer.body.checks.storage.status).toBe('ok');
    expect((await status(a.admin.client)).body.status).toBe('operational');
  });
});
