/**
 * How the Security Manager writes a staff account's facts: name, initials, role, dates and times (the viewer's
 * clock, as the rest of the app), and the risk level's badge colour.
 */
import { usDate } from '@pharmacy/shared/common/dates.ts';
import type { RiskLevel } from '@pharmacy/shared/security/risk.ts';
import type { StaffRole, StaffUser } from '@pharmacy/shared/staff/staff-user.ts';

export function staffFullName(user: Pick<StaffUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export function staffInitials(user: Pick<StaffUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  admin: 'Admin',
  pharmacist: 'Pharmacist',
  technician: 'Technician',
};

export const ROLE_BADGE: Readonly<Record<StaffRole, string>> = {
  admin: 'badge-primary',
  pharmacist: 'badge-info',
  technician: 'badge-secondary',
};

export const RISK_BADGE: Readonly<Record<RiskLevel, string>> = {
  Low: 'badge-success',
  Medium: 'badge-warning',
  High: 'badge-error',
};

/** An instant (ISO timestamp) as the viewer's local date and time, e.g. 11/23/2026, 4:05:09 AM. */
export function formatDateTime(timestamp: string): string {
  return new Date(timestamp).toLocaleString('en-US');
}

/** An instant's local date, e.g. 11/23/2026. */
export function formatDate(timestamp: string): string {
  return new Date(timestamp).toLocaleDateString('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** A license expiration ('YYYY-MM-DD') as MM/DD/YYYY, 'N/A' when none. */
export function formatLicenseExpiration(expiration: string | null): string {
  return expiration ? usDate(expiration) : 'N/A';
}
