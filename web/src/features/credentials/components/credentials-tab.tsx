/**
 * The AI Security Manager's Credentials tab (spec part 2): the pharmacy's staff having a license number, each with
 * number, state, expiry ('N/A' if none), a Valid/Expired badge and the 'License expires within 90 days' alert
 * (shared/src/security/risk.ts licenseStatus), Upload Document and Download Copy. The screen places it in its tab.
 */
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useLicensedStaff } from '../api/get-licensed-staff.ts';
import { LicenseCredentialRow } from './license-credential-row.tsx';

export interface CredentialsTabProps {
  pharmacyId: string;
}

export function CredentialsTab({ pharmacyId }: CredentialsTabProps) {
  const staff = useLicensedStaff(pharmacyId);
  const now = new Date();
  return (
    <QueryState
      query={staff}
      errorText="The credentials could not be loaded"
      isEmpty={(members) => members.length === 0}
      emptyText="No staff member has a license number on record."
      loadingLabel="Loading credentials"
    >
      {(members) => (
        <ul className="flex flex-col gap-3" aria-label="Staff credentials">
          {members.map((member) => (
            <LicenseCredentialRow key={member.userId} pharmacyId={pharmacyId} member={member} now={now} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}
