/**
 * License status and risk score of a staff account (spec part 2 §4) with the thresholds of §9, as plain
 * functions of the account's facts and "now" (no zod, no clock of their own), so the list, the details
 * dialog, the summary cards and any server code compute them the same way.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** §9: a user has an active session when their last sign-in is at most this many hours ago. */
export const ACTIVE_SESSION_HOURS = 24;
/** §9: a last sign-in older than this many days counts as inactive for the risk score. */
export const INACTIVITY_DAYS = 30;
/** §9: a license expiring within this many days raises the warning and the risk score. */
export const LICENSE_EXPIRY_WARNING_DAYS = 90;

/** §4 risk points. */
export const RISK_POINTS = {
  perFailedLoginAttempt: 10,
  locked: 30,
  inactive: 20,
  twoFactorOff: 15,
  licenseExpiringSoon: 25,
} as const;
/** §4 levels: up to 20 Low, 21 to 40 Medium, above 40 High. */
export const RISK_LOW_MAX = 20;
export const RISK_MEDIUM_MAX = 40;

export type RiskLevel = 'Low' | 'Medium' | 'High';
export type LicenseStatusName = 'Valid' | 'Expired';

/** A moment as the API sends it: an ISO timestamp, a 'YYYY-MM-DD' date (read as its UTC midnight), or a Date. */
export type Moment = string | Date | null | undefined;

function toTime(moment: Moment): number | null {
  if (moment === null || moment === undefined || moment === '') return null;
  const time = moment instanceof Date ? moment.getTime() : Date.parse(moment);
  return Number.isNaN(time) ? null : time;
}

export interface LicenseStatus {
  status: LicenseStatusName;
  /** Still valid and expiring at most 90 days from now: the alert 'License expires within 90 days'. */
  expiresWithin90Days: boolean;
}

/** §4: Valid when the expiration is in the future; Expired otherwise, also without an expiration date. */
export function licenseStatus(expiration: Moment, now: Date): LicenseStatus {
  const expires = toTime(expiration);
  if (expires === null || expires <= now.getTime()) return { status: 'Expired', expiresWithin90Days: false };
  return { status: 'Valid', expiresWithin90Days: expires - now.getTime() <= LICENSE_EXPIRY_WARNING_DAYS * DAY_MS };
}

/** §4: locked while lockedUntil is in the future (a past lockedUntil is an expired lock). */
export function isLocked(lockedUntil: Moment, now: Date): boolean {
  const until = toTime(lockedUntil);
  return until !== null && until > now.getTime();
}

/** §2 summary card: last sign-in within the past 24 hours. */
export function hasActiveSession(lastLogin: Moment, now: Date): boolean {
  const last = toTime(lastLogin);
  return last !== null && last <= now.getTime() && now.getTime() - last <= ACTIVE_SESSION_HOURS * HOUR_MS;
}

/** The facts of a User (spec §3) the risk score reads. */
export interface RiskFacts {
  loginAttempts: number;
  lockedUntil: Moment;
  lastLogin: Moment;
  twoFactorEnabled: boolean;
  licenseExpiration: Moment;
}

export interface RiskScore {
  score: number;
  level: RiskLevel;
}

export function riskLevel(score: number): RiskLevel {
  if (score <= RISK_LOW_MAX) return 'Low';
  if (score <= RISK_MEDIUM_MAX) return 'Medium';
  return 'High';
}

/**
 * §4: +10 per failed sign-in attempt (when above 0), +30 when currently locked, +20 when never signed in or
 * the last sign-in is more than 30 days ago, +15 when 2FA is off, +25 when the license expires within 90 days.
 * A license that has already expired counts as expiring within 90 days (its date is before now + 90 days);
 * an account without a license expiration (no license, e.g. a technician) gets no license points.
 */
export function riskScore(user: RiskFacts, now: Date): RiskScore {
  let score = 0;
  if (user.loginAttempts > 0) score += RISK_POINTS.perFailedLoginAttempt * user.loginAttempts;
  if (isLocked(user.lockedUntil, now)) score += RISK_POINTS.locked;
  const lastLogin = toTime(user.lastLogin);
  if (lastLogin === null || now.getTime() - lastLogin > INACTIVITY_DAYS * DAY_MS) score += RISK_POINTS.inactive;
  if (!user.twoFactorEnabled) score += RISK_POINTS.twoFactorOff;
  const expires = toTime(user.licenseExpiration);
  if (expires !== null && expires - now.getTime() <= LICENSE_EXPIRY_WARNING_DAYS * DAY_MS) score += RISK_POINTS.licenseExpiringSoon;
  return { score, level: riskLevel(score) };
}
