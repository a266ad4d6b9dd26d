/** The System Status card's outcome from the health check (web/src/features/system-settings/system-status-summary.ts). */
import { describe, expect, it } from 'vitest';
import type { SystemStatus } from '../../shared/src/api/system-status.ts';
import { systemStatusOutcome } from '../../web/src/features/system-settings/system-status-summary.ts';

const ok = { status: 'ok', message: 'Answering', latencyMs: 12.4 } as const;
const status = (checks: Partial<SystemStatus['checks']>, overall: SystemStatus['status']): SystemStatus => ({
  status: overall,
  checkedAt: '2026-11-23T08:00:00.000Z',
  checks: { database: ok, api: ok, storage: ok, ...checks },
});

describe('systemStatusOutcome', () => {
  it('is checking until the first answer', () => {
    expect(systemStatusOutcome({ isPending: true, error: null, data: undefined })).toEqual({ state: 'checking' });
  });

  it('is operational with the database latency when every part is ok', () => {
    expect(systemStatusOutcome({ isPending: false, error: null, data: status({}, 'operational') })).toEqual({
      state: 'operational',
      detail: 'Database 12 ms · API · Storage answering',
    });
  });

  it('is degraded naming each failed part and its message', () => {
    const data = status(
      {
        storage: { status: 'failed', message: 'Storage did not answer within 5 s', latencyMs: 5000 },
        database: { status: 'failed', message: 'The database query failed: boom', latencyMs: 3 },
      },
      'degraded',
    );
    expect(systemStatusOutcome({ isPending: false, error: null, data })).toEqual({
      state: 'degraded',
      detail: 'Database: The database query failed: boom · File storage: Storage did not answer within 5 s',
    });
  });

  it('is down when the check itself failed', () => {
    expect(systemStatusOutcome({ isPending: false, error: new Error('Could not reach the server (offline).'), data: undefined })).toEqual({
      state: 'down',
      detail: 'Could not reach the server (offline).',
    });
  });
});
