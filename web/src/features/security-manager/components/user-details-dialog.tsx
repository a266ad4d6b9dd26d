/**
 * The user details dialog (spec part 2 §2 User Management): email, role, status, created date, last login (or
 * 'Never'), failed attempts, 2FA, locked, license number/state/expiration with its status, the permissions list
 * and the risk score (§4), as a description list.
 */
import { isLocked, licenseStatus, riskScore } from '@pharmacy/shared/security/risk.ts';
import type { StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { RiskBadge } from './risk-badge.tsx';
import { formatDate, formatDateTime, formatLicenseExpiration, ROLE_LABELS, staffFullName } from './staff-format.ts';

export interface UserDetailsDialogProps {
  user: StaffUser | null;
  now: Date;
  onClose: () => void;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-base-content/70">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

export function UserDetailsDialog({ user, now, onClose }: UserDetailsDialogProps) {
  return (
    <Dialog title={user ? `User Details: ${staffFullName(user)}` : 'User Details'} open={user !== null} onClose={onClose} size="lg" closeButton>
      {user ? <UserDetails user={user} now={now} /> : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

function UserDetails({ user, now }: { user: StaffUser; now: Date }) {
  const locked = isLocked(user.lockedUntil, now);
  const license = licenseStatus(user.licenseExpiration, now);
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact term="Email">{user.email}</Fact>
        <Fact term="Role">{ROLE_LABELS[user.role]}</Fact>
        <Fact term="Status">{user.isActive ? 'Active' : 'Inactive'}</Fact>
        <Fact term="Created">{formatDate(user.createdAt)}</Fact>
        <Fact term="Last Login">{user.lastLogin ? formatDateTime(user.lastLogin) : 'Never'}</Fact>
        <Fact term="Failed Attempts">{user.loginAttempts}</Fact>
        <Fact term="Two-Factor Authentication">{user.twoFactorEnabled ? 'Enabled' : 'Disabled'}</Fact>
        <Fact term="Locked">{locked && user.lockedUntil ? `Yes, until ${formatDateTime(user.lockedUntil)}` : 'No'}</Fact>
        <Fact term="License Number">{user.licenseNumber ?? 'N/A'}</Fact>
        <Fact term="License State">{user.licenseState ?? 'N/A'}</Fact>
        <Fact term="License Expiration">
          {formatLicenseExpiration(user.licenseExpiration)}
          {user.licenseNumber ? ` (${license.status}${license.expiresWithin90Days ? ', expires within 90 days' : ''})` : null}
        </Fact>
        <Fact term="Risk Score">
          <RiskBadge risk={riskScore(user, now)} />
        </Fact>
      </dl>
      <section aria-labelledby="user-permissions-title">
        <h3 id="user-permissions-title" className="mb-2 text-sm text-base-content/70">
          Permissions
        </h3>
        {user.permissions.length === 0 ? (
          <p>None</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {user.permissions.map((permission) => (
              <li key={permission} className="badge badge-outline">
                {permission}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
