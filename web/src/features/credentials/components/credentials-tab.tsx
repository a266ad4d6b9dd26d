/**
 * The AI Security Manager's Credentials tab (spec part 2): the pharmacy's staff having a license number, each with
 * number, state, expiry ('N/A' if none), a Valid/Expired badge and the 'License expires within 90 days' alert
 * (shared/src/security/risk.ts licenseStatus), Upload Document and Download Copy. The screen places it in its tab
 * and gives it the staff list it already holds (GET /api/users), so an invitation or a change shows here too.
 */
import type { StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import { QueryState, withQueryData, type QueryStateQuery } from '../../../components/ui/query-state.tsx';
import { licensedStaff } from '../licensed-staff.ts';
import { LicenseCredentialRow } from './license-credential-row.tsx';

export interface CredentialsTabProps {
  pharmacyId: string;
  /** The pharmacy's staff. */
  staff: QueryStateQuery<readonly StaffUser[]>;
}

export function CredentialsTab({ pharmacyId, staff }: CredentialsTabProps) {
  const now = new Date();
  return (
    <QueryState
      query={withQueryData(staff, staff.data ? licensedStaff(staff.data) : undefined)}
      errorText="The credentials could not be loaded"
      isEmpty={(members) => members.length === 0}
      emptyText="No staff member has a license number on record."
      loadingLabel="Loading credentials"
    >
      {(members) => (
        <ul className="flex flex-col gap-3" aria-label="Staff credentials">
          {members.map((member) => (
            <LicenseCredentialRow key={member.id} pharmacyId={pharmacyId} member={member} now={now} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}
