/**
 * The Security Manager's pure parts: the summary cards' counts at the spec's boundaries (part 2 §2: active session
 * = last sign-in within 24 hours; security alert = risk score above 40) and the audit log's filters as query
 * parameters.
 */
import { describe, expect, it } from 'vitest';
import type { StaffUser } from '../../shared/src/staff/staff-user.ts';
import { auditLogDatesOutOfOrder, auditLogFilterQuery, NO_AUDIT_LOG_FILTERS } from '../../web/src/features/security-manager/api/audit-log-filters.ts';
import { securitySummary } from '../../web/src/features/security-manager/security-summary.ts';

const NOW = new Date('2026-11-23T12:00:00Z');
const HOUR = 60 * 60 * 1000;

function user(overrides: Partial<StaffUser>): StaffUser {
  return {
    id: crypto.randomUUID(), firstName: 'A', lastName: 'B', email: 'a@example.test', role: 'technician', isActive: true,
    licenseNumber: null, licenseState: null, licenseExpiration: null, licenseType: null, loginAttempts: 0, lockedUntil: null,
    lastLogin: new Date(NOW.getTime() - HOUR).toISOString(), twoFactorEnabled: true, createdAt: '2026-01-01T00:00:00Z', permissions: [],
    ...overrides,
  };
}

describe('securitySummary', () => {
  it('counts every account, and nothing else, on an empty or quiet pharmacy', () => {
    expect(securitySummary([], NOW)).toEqual({ totalUsers: 0, activeSessions: 0, securityAlerts: 0, twoFactorEnabled: 0 });
    expect(securitySummary([user({}), user({ twoFactorEnabled: false })], NOW)).toEqual({ totalUsers: 2, activeSessions: 2, securityAlerts: 0, twoFactorEnabled: 1 });
  });

  it('an active session is a last sign-in at most 24 hours ago; never signed in is none', () => {
    const users = [
      user({ lastLogin: new Date(NOW.getTime() - 24 * HOUR).toISOString() }),
      user({ lastLogin: new Date(NOW.getTime() - 24 * HOUR - 1).toISOString() }),
      user({ lastLogin: null }),
    ];
    expect(securitySummary(users, NOW).activeSessions).toBe(1);
  });

  it('a security alert is a risk score above 40: 40 is not one, 45 is', () => {
    // Never signed in (+20), no 2FA (+15), one failed attempt (+10) = 45; without the attempt, 35; two attempts and 2FA on, 40.
    const at45 = user({ lastLogin: null, twoFactorEnabled: false, loginAttempts: 1 });
    const at35 = user({ lastLogin: null, twoFactorEnabled: false });
    const at40 = user({ lastLogin: null, loginAttempts: 2 });
    expect(securitySummary([at45, at35, at40], NOW).securityAlerts).toBe(1);
  });
});

describe('audit log filters', () => {
  it('sends only the filters that are set', () => {
    expect(auditLogFilterQuery(NO_AUDIT_LOG_FILTERS)).toEqual({});
    expect(auditLogFilterQuery({ ...NO_AUDIT_LOG_FILTERS, action: 'sign_in', from: '2026-11-01' })).toEqual({ action: 'sign_in', from: '2026-11-01' });
  });

  it('knows a from date after the to date, and that an open end is never out of order', () => {
    expect(auditLogDatesOutOfOrder({ ...NO_AUDIT_LOG_FILTERS, from: '2026-11-02', to: '2026-11-01' })).toBe(true);
    expect(auditLogDatesOutOfOrder({ ...NO_AUDIT_LOG_FILTERS, from: '2026-11-01', to: '2026-11-01' })).toBe(false);
    expect(auditLogDatesOutOfOrder({ ...NO_AUDIT_LOG_FILTERS, from: '2026-11-02' })).toBe(false);
  });
});
