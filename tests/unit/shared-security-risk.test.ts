/**
 * License status and risk score (spec part 2 §4, thresholds §9) at every boundary.
 */
import { describe, expect, it } from 'vitest';
import {
  ACTIVE_SESSION_HOURS, INACTIVITY_DAYS, LICENSE_EXPIRY_WARNING_DAYS, type RiskFacts,
  hasActiveSession, isLocked, licenseStatus, riskLevel, riskScore,
} from '../../shared/src/security/risk.ts';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs).toISOString();

/** A low-risk account: signed in an hour ago, 2FA on, no failures, no lock, license a year away. */
const calm: RiskFacts = { loginAttempts: 0, lockedUntil: null, lastLogin: at(-HOUR), twoFactorEnabled: true, licenseExpiration: at(365 * DAY) };

describe('the thresholds of §9', () => {
  it('are 24 hours, 30 days and 90 days', () => {
    expect([ACTIVE_SESSION_HOURS, INACTIVITY_DAYS, LICENSE_EXPIRY_WARNING_DAYS]).toEqual([24, 30, 90]);
  });
});

describe('licenseStatus', () => {
  it('is Expired without an expiration date', () => {
    expect(licenseStatus(null, NOW)).toEqual({ status: 'Expired', expiresWithin90Days: false });
    expect(licenseStatus(undefined, NOW)).toEqual({ status: 'Expired', expiresWithin90Days: false });
    expect(licenseStatus('', NOW)).toEqual({ status: 'Expired', expiresWithin90Days: false });
  });

  it('is Expired at and after the expiration, Valid a moment before', () => {
    expect(licenseStatus(at(0), NOW).status).toBe('Expired');
    expect(licenseStatus(at(-DAY), NOW).status).toBe('Expired');
    expect(licenseStatus(at(1), NOW).status).toBe('Valid');
  });

  it('warns when it expires within 90 days: exactly 90 days is within, a moment later is not', () => {
    expect(licenseStatus(at(90 * DAY), NOW)).toEqual({ status: 'Valid', expiresWithin90Days: true });
    expect(licenseStatus(at(90 * DAY + 1), NOW)).toEqual({ status: 'Valid', expiresWithin90Days: false });
    expect(licenseStatus(at(DAY), NOW)).toEqual({ status: 'Valid', expiresWithin90Days: true });
  });

  it("reads a 'YYYY-MM-DD' date as its UTC midnight", () => {
    expect(licenseStatus('2026-11-24', NOW).status).toBe('Valid');
    expect(licenseStatus('2026-11-23', NOW).status).toBe('Expired');
    expect(licenseStatus('2027-02-21', NOW).expiresWithin90Days).toBe(true); // 89.5 days ahead
    expect(licenseStatus('2027-02-22', NOW).expiresWithin90Days).toBe(false); // 90.5 days ahead
  });
});

describe('isLocked and hasActiveSession', () => {
  it('a lockedUntil in the past or now is not locked; in the future is', () => {
    expect(isLocked(at(-1), NOW)).toBe(false);
    expect(isLocked(at(0), NOW)).toBe(false);
    expect(isLocked(at(1), NOW)).toBe(true);
    expect(isLocked(null, NOW)).toBe(false);
  });

  it('an active session is a sign-in within the past 24 hours', () => {
    expect(hasActiveSession(at(-24 * HOUR), NOW)).toBe(true);
    expect(hasActiveSession(at(-24 * HOUR - 1), NOW)).toBe(false);
    expect(hasActiveSession(null, NOW)).toBe(false);
  });
});

describe('riskScore', () => {
  it('scores a calm account 0, Low', () => {
    expect(riskScore(calm, NOW)).toEqual({ score: 0, level: 'Low' });
  });

  it('adds 10 per failed sign-in attempt, nothing for 0', () => {
    expect(riskScore({ ...calm, loginAttempts: 1 }, NOW).score).toBe(10);
    expect(riskScore({ ...calm, loginAttempts: 3 }, NOW).score).toBe(30);
    expect(riskScore({ ...calm, loginAttempts: 0 }, NOW).score).toBe(0);
  });

  it('adds 30 only while locked', () => {
    expect(riskScore({ ...calm, lockedUntil: at(5 * 60 * 1000) }, NOW).score).toBe(30);
    expect(riskScore({ ...calm, lockedUntil: at(-1) }, NOW).score).toBe(0);
  });

  it('adds 20 when never signed in or the last sign-in is older than 30 days (exactly 30 days is not)', () => {
    expect(riskScore({ ...calm, lastLogin: null }, NOW).score).toBe(20);
    expect(riskScore({ ...calm, lastLogin: at(-30 * DAY) }, NOW).score).toBe(0);
    expect(riskScore({ ...calm, lastLogin: at(-30 * DAY - 1) }, NOW).score).toBe(20);
  });

  it('adds 15 when 2FA is off', () => {
    expect(riskScore({ ...calm, twoFactorEnabled: false }, NOW).score).toBe(15);
  });

  it('adds 25 when the license expires within 90 days (exactly 90 days is within; expired counts; none does not)', () => {
    expect(riskScore({ ...calm, licenseExpiration: at(90 * DAY) }, NOW).score).toBe(25);
    expect(riskScore({ ...calm, licenseExpiration: at(90 * DAY + 1) }, NOW).score).toBe(0);
    expect(riskScore({ ...calm, licenseExpiration: at(-DAY) }, NOW).score).toBe(25);
    expect(riskScore({ ...calm, licenseExpiration: null }, NOW).score).toBe(0);
  });

  it('adds every factor up: a never-signed-in, locked account with 3 failures, no 2FA and a license expiring soon', () => {
    const worst: RiskFacts = { loginAttempts: 3, lockedUntil: at(HOUR), lastLogin: null, twoFactorEnabled: false, licenseExpiration: at(DAY) };
    expect(riskScore(worst, NOW)).toEqual({ score: 30 + 30 + 20 + 15 + 25, level: 'High' });
  });

  it('levels: 20 Low, 21 Medium, 40 Medium, 41 High', () => {
    expect(riskLevel(0)).toBe('Low');
    expect(riskLevel(20)).toBe('Low');
    expect(riskLevel(21)).toBe('Medium');
    expect(riskLevel(40)).toBe('Medium');
    expect(riskLevel(41)).toBe('High');
  });

  it('levels real accounts at the boundaries: 20 Low, 35 Medium, 40 Medium, 45 High', () => {
    expect(riskScore({ ...calm, loginAttempts: 2 }, NOW)).toEqual({ score: 20, level: 'Low' });
    expect(riskScore({ ...calm, lastLogin: null, twoFactorEnabled: false }, NOW)).toEqual({ score: 35, level: 'Medium' });
    expect(riskScore({ ...calm, loginAttempts: 4 }, NOW)).toEqual({ score: 40, level: 'Medium' });
    expect(riskScore({ ...calm, lastLogin: null, licenseExpiration: at(DAY) }, NOW)).toEqual({ score: 45, level: 'High' });
  });
});
