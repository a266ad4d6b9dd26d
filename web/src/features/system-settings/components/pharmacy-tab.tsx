/**
 * Pharmacy tab (spec part 2 §2, §3 "pharmacy"): the pharmacy's own record as onboarding created it — every field
 * required (a save needs them all, checked with the onboarding rules) — and its operating hours, which this tab
 * binds and edits (open, close, closed per weekday). The logo upload (another feature's) is placed above.
 */
import { PHARMACY_TEXT_MAX_LENGTH } from '@pharmacy/shared/settings/pharmacy.ts';
import { NPI_LENGTH } from '@pharmacy/shared/common/field-rules.ts';
import { WEEKDAYS } from '@pharmacy/shared/onboarding/tabbed.ts';
import type { ReactNode } from 'react';
import { US_STATE_OPTIONS } from '../../../components/form/us-state-options.ts';
import { ChoiceSetting, SettingsSection, TextSetting, ToggleSetting } from './settings-fields.tsx';
import { SettingsGroupForm } from './settings-group-form.tsx';
import type { SettingsTabProps } from './settings-tab-props.ts';

export interface PharmacyTabProps extends SettingsTabProps {
  /** The pharmacy logo upload (PNG, JPG, SVG; 2 MB), placed by the route. */
  logo?: ReactNode;
}

const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export function PharmacyTab({ pharmacyId, onDirtyChange, actions, logo }: PharmacyTabProps) {
  return (
    <SettingsGroupForm pharmacyId={pharmacyId} groupKey="pharmacy" saveLabel="Save Pharmacy Settings" onDirtyChange={onDirtyChange} actions={actions} before={logo}>
      <>
        <SettingsSection title="Pharmacy information">
          <TextSetting name="pharmacyName" label="Pharmacy Name" required maxLength={PHARMACY_TEXT_MAX_LENGTH} autoComplete="organization" />
          <TextSetting name="licenseNumber" label="License Number" required maxLength={PHARMACY_TEXT_MAX_LENGTH} />
          <TextSetting name="deaNumber" label="DEA Number" required maxLength={9} placeholder="AB1234563" />
          <TextSetting name="npiNumber" label="NPI Number" required maxLength={NPI_LENGTH} placeholder="1234567890" />
          <TextSetting name="phone" label="Phone" required phone autoComplete="tel" />
        </SettingsSection>
        <SettingsSection title="Address">
          <TextSetting name="address" label="Address" required maxLength={PHARMACY_TEXT_MAX_LENGTH} autoComplete="street-address" />
          <TextSetting name="city" label="City" required maxLength={PHARMACY_TEXT_MAX_LENGTH} autoComplete="address-level2" />
          <ChoiceSetting name="state" label="State" options={US_STATE_OPTIONS} />
          <TextSetting name="zipCode" label="ZIP Code" required maxLength={10} autoComplete="postal-code" />
        </SettingsSection>
        <SettingsSection title="Pharmacist in charge">
          <TextSetting name="pharmacistInCharge" label="Pharmacist Name" required maxLength={PHARMACY_TEXT_MAX_LENGTH} />
          <TextSetting name="pharmacistLicense" label="Pharmacist License" required maxLength={PHARMACY_TEXT_MAX_LENGTH} />
        </SettingsSection>
        <SettingsSection title="Operating hours" columns={1}>
          {WEEKDAYS.map((day) => (
            <div key={day} role="group" aria-label={DAY_NAMES[day]} className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[8rem_1fr_1fr_13rem]">
              {/* On a phone: the day, its two times side by side, then Closed; from sm on, one row a day. */}
              <span className="col-span-2 font-medium sm:col-span-1 sm:pb-3" aria-hidden="true">
                {DAY_NAMES[day]}
              </span>
              <TextSetting name={`operatingHours.${day}.open`} label={`${DAY_NAMES[day]} opens`} type="time" />
              <TextSetting name={`operatingHours.${day}.close`} label={`${DAY_NAMES[day]} closes`} type="time" />
              <div className="col-span-2 sm:col-span-1 sm:pb-3">
                <ToggleSetting name={`operatingHours.${day}.closed`} label={`Closed on ${DAY_NAMES[day]}`} />
              </div>
            </div>
          ))}
        </SettingsSection>
      </>
    </SettingsGroupForm>
  );
}
