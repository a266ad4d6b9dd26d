/**
 * /billing (spec part 2 §2 Billing & Claims Transmission; all staff, see shared/src/staff/screens.ts). The screen's
 * pieces meet here: its Transmission tab holds the System Settings' Transmission form for admins, who alone read and
 * save that group (the database's policy); other staff are told so. Pharmacists and admins may override a rejected
 * claim (prescriptions:verify, as the database checks).
 */
import { BillingClaims, type TransmissionSettingsSlot } from '../../../features/billing/components/billing-claims.tsx';
import { TransmissionTab as TransmissionSettingsForm } from '../../../features/system-settings/components/transmission-tab.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useSignedInStaff } from '../../../lib/signed-in-staff.tsx';

function TransmissionSettingsNote() {
  return (
    <section aria-labelledby="billing-transmission-settings" className="card border border-base-300 bg-base-100">
      <div className="card-body">
        <h2 id="billing-transmission-settings" className="card-title text-lg">Transmission settings</h2>
        <p className="text-base-content/80">
          The claims switch, its providers and their credentials are set by an admin (System Settings → Transmission). Ask an admin to change them.
        </p>
      </div>
    </section>
  );
}

export function BillingRoute() {
  const staff = useSignedInStaff();
  const pharmacyId = staff.pharmacy.id;
  const mayChangeSettings = staff.may('settings:manage');
  return (
    <BillingClaims
      pharmacyId={pharmacyId}
      canOverride={staff.may('prescriptions:verify')}
      transmissionSettings={({ onDirtyChange }: TransmissionSettingsSlot) =>
        mayChangeSettings ? (
          <SectionCard title="Transmission settings" gap="gap-4">
            <TransmissionSettingsForm pharmacyId={pharmacyId} onDirtyChange={onDirtyChange} />
          </SectionCard>
        ) : <TransmissionSettingsNote />}
    />
  );
}
