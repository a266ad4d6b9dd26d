/**
 * The sidebar's account block (spec §2 "Sidebar"): the signed-in user's first and last name, role and
 * pharmacy, and Sign Out. Sign-out lands on /login even when the server call fails (see sign-out.ts).
 */
import { useSignOut } from '../api/sign-out.ts';
import type { CurrentStaff } from '../api/get-current-staff.ts';

const ROLE_LABELS: Record<CurrentStaff['user']['role'], string> = {
  admin: 'Administrator',
  pharmacist: 'Pharmacist',
  technician: 'Technician',
};

export interface StaffCardProps {
  staff: CurrentStaff;
}

export function StaffCard({ staff }: StaffCardProps) {
  const signOut = useSignOut();
  const { firstName, lastName, role } = staff.user;
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

  return (
    <section aria-label="Signed-in user" className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <div className="avatar avatar-placeholder">
          <div className="w-10 rounded-full bg-primary text-primary-content">
            <span className="text-sm font-semibold" aria-hidden="true">
              {initials}
            </span>
          </div>
        </div>
        <div className="min-w-0">
          <p className="truncate font-medium" data-testid="signed-in-user-name">
            {firstName} {lastName}
          </p>
          <p className="truncate text-xs text-base-content/70">
            {ROLE_LABELS[role]} · <span data-testid="signed-in-pharmacy-name">{staff.pharmacy.pharmacyName}</span>
          </p>
        </div>
      </div>
      <button
        type="button"
        className="btn btn-outline btn-sm w-full"
        onClick={() => signOut.mutate()}
        disabled={signOut.isPending}
      >
        {signOut.isPending ? 'Signing Out...' : 'Sign Out'}
      </button>
    </section>
  );
}
