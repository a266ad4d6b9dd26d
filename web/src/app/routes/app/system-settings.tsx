/**
 * /system-settings (spec part 2 §2 System Settings; admins only, see shared/src/staff/screens.ts): the System Settings of
 * the signed-in admin's pharmacy. The screen's pieces meet here, one prop each: the System Status card's health
 * check, the Pharmacy tab's logo upload and the tabs' tools (test print, test email and fax, the queues).
 */
import { useSystemStatus } from '../../../features/system-settings/api/get-system-status.ts';
import { EmailActions } from '../../../features/system-settings/components/email-actions.tsx';
import { FaxActions } from '../../../features/system-settings/components/fax-actions.tsx';
import { PharmacyLogoField } from '../../../features/system-settings/components/pharmacy-logo-field.tsx';
import { SystemStatusValue } from '../../../features/system-settings/components/settings-summary-cards.tsx';
import { SystemSettings } from '../../../features/system-settings/components/system-settings.tsx';
import { TestPrintLabelsButton } from '../../../features/system-settings/components/test-print-labels.tsx';
import { systemStatusOutcome } from '../../../features/system-settings/system-status-summary.ts';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

/** The System Status card from GET /api/system-status (database, api function and Storage, each timed). */
function SystemStatusCard({ pharmacyId }: { pharmacyId: string }) {
  return <SystemStatusValue summary={systemStatusOutcome(useSystemStatus(pharmacyId))} />;
}

export function SystemSettingsRoute() {
  const pharmacyId = useSignedInStaff().pharmacy.id;
  return (
    <SystemSettings
      pharmacyId={pharmacyId}
      systemStatus={<SystemStatusCard pharmacyId={pharmacyId} />}
      pharmacyLogo={<PharmacyLogoField pharmacyId={pharmacyId} />}
      actions={{
        printing: ({ dirty }) => <TestPrintLabelsButton unsavedChanges={dirty} />,
        email: <EmailActions pharmacyId={pharmacyId} />,
        fax: <FaxActions pharmacyId={pharmacyId} />,
      }}
    />
  );
}
