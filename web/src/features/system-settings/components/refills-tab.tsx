/**
 * Refills tab (issue 21): when a refill is too soon (a share of the previous fill's days supply) and how many months
 * a non-controlled prescription may be refilled. The database enforces both on every refill.
 */
import {
  NON_CONTROLLED_EXPIRY_MONTHS_MAX,
  NON_CONTROLLED_EXPIRY_MONTHS_MIN,
  REFILL_TOO_SOON_PERCENT_MAX,
  REFILL_TOO_SOON_PERCENT_MIN,
} from '@pharmacy/shared/settings/refills.ts';
import { NumberSetting, SettingsSection } from './settings-fields.tsx';
import { SettingsGroupForm } from './settings-group-form.tsx';
import type { SettingsTabProps } from './settings-tab-props.ts';

export function RefillsTab({ pharmacyId, onDirtyChange, actions }: SettingsTabProps) {
  return (
    <SettingsGroupForm pharmacyId={pharmacyId} groupKey="refills" saveLabel="Save Refill Settings" onDirtyChange={onDirtyChange} actions={actions}>
      <SettingsSection title="Refill rules">
        <NumberSetting
          name="refillTooSoonPercent"
          label="Refill too soon at (% of days supply)"
          min={REFILL_TOO_SOON_PERCENT_MIN}
          max={REFILL_TOO_SOON_PERCENT_MAX}
          hint={`${REFILL_TOO_SOON_PERCENT_MIN}–${REFILL_TOO_SOON_PERCENT_MAX}. A refill asked for earlier needs a pharmacist's reason.`}
        />
        <NumberSetting
          name="nonControlledExpiryMonths"
          label="Non-controlled prescriptions expire after (months)"
          min={NON_CONTROLLED_EXPIRY_MONTHS_MIN}
          max={NON_CONTROLLED_EXPIRY_MONTHS_MAX}
          hint={`${NON_CONTROLLED_EXPIRY_MONTHS_MIN}–${NON_CONTROLLED_EXPIRY_MONTHS_MAX}. Controlled substances (Schedule III–V) always expire 6 months after the date written.`}
        />
      </SettingsSection>
    </SettingsGroupForm>
  );
}
