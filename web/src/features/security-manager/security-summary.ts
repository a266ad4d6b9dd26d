/**
 * The summary cards' numbers (spec part 2 §2 "AI Security Manager") from the staff list, with the shared rules of
 * shared/src/security/risk.ts: Total Users; Active Sessions (last sign-in within the past 24 hours); Security
 * Alerts (risk score above 40); 2FA Enabled. Pure, so unit tests pin the boundaries.
 */
import { hasActiveSession, RISK_MEDIUM_MAX, riskScore } from '@pharmacy/shared/security/risk.ts';
import type { StaffUser } from '@pharmacy/shared/staff/staff-user.ts';

export interface SecuritySummary {
  totalUsers: number;
  activeSessions: number;
  securityAlerts: number;
  twoFactorEnabled: number;
}

export function securitySummary(users: readonly StaffUser[], now: Date): SecuritySummary {
  return {
    totalUsers: users.length,
    activeSessions: users.filter((user) => hasActiveSession(user.lastLogin, now)).length,
    securityAlerts: users.filter((user) => riskScore(user, now).score > RISK_MEDIUM_MAX).length,
    twoFactorEnabled: users.filter((user) => user.twoFactorEnabled).length,
  };
}
