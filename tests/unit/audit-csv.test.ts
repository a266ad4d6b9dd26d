/**
 * The audit log's CSV export (shared/src/security/audit-csv.ts): RFC 4180 quoting and the formula-injection guard.
 */
import { describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '../../shared/src/security/audit-log.ts';
import { csvCell } from '../../shared/src/common/csv.ts';
import { auditLogCsv } from '../../shared/src/security/audit-csv.ts';

const entry = (overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id: 1,
  timestamp: '2026-11-23T02:00:00+00:00',
  userId: '7e0b4c1a-2f3d-4e5a-9b6c-1d2e3f4a5b6c',
  userName: 'Ada Admin',
  action: 'sign_in',
  description: 'Signed in',
  patientId: null,
  ipAddress: '203.0.113.7',
  success: true,
  ...overrides,
});

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Signed in')).toBe('Signed in');
    expect(csvCell('')).toBe('');
  });

  it('quotes a field with a comma, quote, CR or LF and doubles its quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('prefixes a cell that starts like a formula with a quote so it stays text', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('leaves a negative number a number (a refund, a short payment), but not what only starts like one', () => {
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('-1')).toBe('-1');
    expect(csvCell('-1e3')).toBe("'-1e3");
    expect(csvCell('-1.5+cmd')).toBe("'-1.5+cmd");
    expect(csvCell('-.5')).toBe("'-.5");
  });
});

describe('auditLogCsv', () => {
  it('writes the header and one CRLF-ended row per entry in order, with Success/Failed and Unknown User', () => {
    expect(auditLogCsv([
      entry(),
      entry({ id: 2, userName: null, ipAddress: null, success: false, description: 'Failed sign-in, wrong password' }),
    ])).toBe(
      'Timestamp,User,Action,Description,IP Address,Status\r\n'
      + '2026-11-23T02:00:00+00:00,Ada Admin,sign_in,Signed in,203.0.113.7,Success\r\n'
      + '2026-11-23T02:00:00+00:00,Unknown User,sign_in,"Failed sign-in, wrong password",,Failed\r\n',
    );
  });

  it('guards every cell, a user name included', () => {
    expect(auditLogCsv([entry({ userName: '=cmd|calc', description: '-1+A1' })]).split('\r\n')[1])
      .toBe("2026-11-23T02:00:00+00:00,'=cmd|calc,sign_in,'-1+A1,203.0.113.7,Success");
  });

  it('gives only the header for no entries', () => {
    expect(auditLogCsv([])).toBe('Timestamp,User,Action,Description,IP Address,Status\r\n');
  });
});
