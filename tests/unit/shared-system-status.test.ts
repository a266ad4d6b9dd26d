/** The system status's whole from its parts (shared/src/api/system-status.ts): operational only when every part is ok. */
import { describe, expect, it } from 'vitest';
import { overallSystemStatus, SYSTEM_STATUS_PARTS, type SystemStatusCheck } from '../../shared/src/api/system-status.ts';

const ok: SystemStatusCheck = { status: 'ok', message: 'Answering', latencyMs: 3 };
const down: SystemStatusCheck = { status: 'failed', message: 'Storage did not answer within 5 s', latencyMs: 5000 };

describe('overallSystemStatus', () => {
  it('is operational when every part is ok', () => {
    expect(overallSystemStatus({ database: ok, api: ok, storage: ok })).toBe('operational');
  });

  it('is degraded when any one part failed', () => {
    for (const part of SYSTEM_STATUS_PARTS) {
      const checks = { database: ok, api: ok, storage: ok, [part]: down };
      expect(overallSystemStatus(checks), part).toBe('degraded');
    }
    expect(overallSystemStatus({ database: down, api: ok, storage: down })).toBe('degraded');
  });
});
