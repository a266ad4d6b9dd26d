/**
 * User Management (spec part 2 §2): the pharmacy's staff with initials, name, email, role badge, license number
 * badge and risk badge (§4), and per account Unlock (only while locked), Reset password, View details and the
 * Active switch, each through the api with the spec's toasts (§8); the api's refusal (e.g. deactivating yourself
 * or the last active admin) is shown as it says it. Add User opens the invitation form.
 */
import { isLocked, riskScore } from '@pharmacy/shared/security/risk.ts';
import type { StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import { useState } from 'react';
import { QueryErrorNotice, QueryState, type QueryStateQuery } from '../../../components/ui/query-state.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useResetUserPassword } from '../api/reset-user-password.ts';
import { useToggleUserStatus } from '../api/toggle-user-status.ts';
import { useUnlockUser } from '../api/unlock-user.ts';
import { AddUserDialog } from './add-user-dialog.tsx';
import { RiskBadge } from './risk-badge.tsx';
import { ROLE_BADGE, ROLE_LABELS, staffFullName, staffInitials } from './staff-format.ts';
import { UserDetailsDialog } from './user-details-dialog.tsx';

export interface UserManagementTabProps {
  users: QueryStateQuery<readonly StaffUser[]>;
  now: Date;
}

function failed(error: Error, fallback: string) {
  toast({ title: 'Error', description: error.message || fallback, variant: 'destructive' });
}

export function UserManagementTab({ users, now }: UserManagementTabProps) {
  const [adding, setAdding] = useState(false);
  const [detailsOf, setDetailsOf] = useState<string | null>(null);
  const toggleStatus = useToggleUserStatus();
  const resetPassword = useResetUserPassword();
  const unlock = useUnlockUser();
  const shownUser = users.data?.find((user) => user.id === detailsOf) ?? null;

  const actions: UserActions = {
    busy: toggleStatus.isPending || resetPassword.isPending || unlock.isPending,
    onToggle: (user) =>
      toggleStatus.mutate(user.id, {
        onSuccess: () => toast({ title: 'User status updated successfully' }),
        onError: (error) => failed(error, 'The user status could not be changed'),
      }),
    onResetPassword: (user) =>
      resetPassword.mutate(user.id, {
        onSuccess: () => toast({ title: 'Password reset email sent' }),
        onError: (error) => failed(error, 'The password reset email could not be sent'),
      }),
    onUnlock: (user) =>
      unlock.mutate(user.id, {
        onSuccess: () => toast({ title: 'User account unlocked' }),
        onError: (error) => failed(error, 'The account could not be unlocked'),
      }),
    onView: (user) => setDetailsOf(user.id),
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Staff Accounts</h2>
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          Add User
        </button>
      </div>
      {users.data ? <QueryErrorNotice query={users} errorText="The staff list could not be refreshed" /> : null}
      <QueryState
        query={users}
        errorText="The staff list could not be loaded"
        loadingLabel="Loading staff"
        skeletonRows={4}
        skeletonRowClassName="h-20"
        isEmpty={(list) => list.length === 0}
        emptyText="No staff accounts yet."
      >
        {(list) => (
          <ul className="flex flex-col gap-3" aria-label="Staff accounts">
            {list.map((user) => (
              <UserRow key={user.id} user={user} now={now} actions={actions} />
            ))}
          </ul>
        )}
      </QueryState>
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      <UserDetailsDialog user={shownUser} now={now} onClose={() => setDetailsOf(null)} />
    </div>
  );
}

interface UserActions {
  busy: boolean;
  onToggle: (user: StaffUser) => void;
  onResetPassword: (user: StaffUser) => void;
  onUnlock: (user: StaffUser) => void;
  onView: (user: StaffUser) => void;
}

function UserRow({ user, now, actions }: { user: StaffUser; now: Date; actions: UserActions }) {
  const name = staffFullName(user);
  const locked = isLocked(user.lockedUntil, now);
  return (
    <li aria-label={name} className="flex flex-wrap items-center justify-between gap-4 rounded-box border border-base-300 p-4">
      <div className="flex min-w-0 items-center gap-3">
        <div className="avatar avatar-placeholder" aria-hidden="true">
          <div className="w-10 rounded-full bg-primary/15 text-primary">
            <span className="text-sm font-semibold">{staffInitials(user)}</span>
          </div>
        </div>
        <div className="min-w-0">
          <div className="font-medium">{name}</div>
          <div className="truncate text-sm text-base-content/70">{user.email}</div>
          <div className="mt-1 flex flex-wrap gap-2">
            <span className={`badge badge-sm ${ROLE_BADGE[user.role]}`}>{ROLE_LABELS[user.role]}</span>
            {user.licenseNumber ? <span className="badge badge-sm badge-outline">License {user.licenseNumber}</span> : null}
            <RiskBadge risk={riskScore(user, now)} />
            {locked ? <span className="badge badge-sm badge-error">Locked</span> : null}
            {user.isActive ? null : <span className="badge badge-sm badge-ghost">Inactive</span>}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {locked ? (
          <button type="button" className="btn btn-outline btn-sm" aria-label={`Unlock ${name}`} disabled={actions.busy} onClick={() => actions.onUnlock(user)}>
            Unlock
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={`Reset password for ${name}`}
          disabled={actions.busy}
          onClick={() => actions.onResetPassword(user)}
        >
          Reset password
        </button>
        <button type="button" className="btn btn-ghost btn-sm" aria-label={`View details of ${name}`} onClick={() => actions.onView(user)}>
          View details
        </button>
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            role="switch"
            className="toggle toggle-success toggle-sm"
            checked={user.isActive}
            aria-label={`Active: ${name}`}
            disabled={actions.busy}
            onChange={() => actions.onToggle(user)}
          />
          <span aria-hidden="true">Active</span>
        </label>
      </div>
    </li>
  );
}
