/**
 * Controlled tab (spec part 2 §3 "controlled", §5 ARCOS day 1–28): the DEA registration and its expiry (which the
 * DEA compliance card reads), the schedules dispensed, double count and witness rules, inventories and ARCOS. The
 * database enforces what these switch on.
 */
import { ARCOS_SUBMISSION_DAY_MAX, ARCOS_SUBMISSION_DAY_MIN, MAX_DAILY_DISPENSING_MAX, MAX_DAILY_DISPENSING_MIN } from '@pharmacy/shared/settings/controlled.ts';
import { ChoiceSetting, choiceOptions, NumberSetting, SettingsSection, TextSetting, ToggleSetting } from './settings-fields.tsx';
import { SettingsGroupForm } from './settings-group-form.tsx';
import type { SettingsTabProps } from './settings-tab-props.ts';

const ARCOS_DAYS = Array.from({ length: ARCOS_SUBMISSION_DAY_MAX - ARCOS_SUBMISSION_DAY_MIN + 1 }, (_, index) => ARCOS_SUBMISSION_DAY_MIN + index);

export function ControlledTab({ pharmacyId, onDirtyChange, actions }: SettingsTabProps) {
  return (
    <SettingsGroupForm pharmacyId={pharmacyId} groupKey="controlled" saveLabel="Save Controlled Substance Settings" onDirtyChange={onDirtyChange} actions={actions}>
      <>
        <SettingsSection title="DEA registration">
          <TextSetting name="deaNumber" label="DEA Registration Number" maxLength={9} placeholder="AB1234563" />
          <TextSetting name="deaExpirationDate" label="DEA Expiration Date" type="date" />
          <NumberSetting name="maxDailyDispensing" label="Maximum Controlled Fills per Day" min={MAX_DAILY_DISPENSING_MIN} max={MAX_DAILY_DISPENSING_MAX} />
        </SettingsSection>
        <SettingsSection title="Schedules dispensed">
          <ToggleSetting name="scheduleIIEnabled" label="Schedule II" />
          <ToggleSetting name="scheduleIIIEnabled" label="Schedule III" />
          <ToggleSetting name="scheduleIVEnabled" label="Schedule IV" />
          <ToggleSetting name="scheduleVEnabled" label="Schedule V" />
        </SettingsSection>
        <SettingsSection title="Dispensing controls">
          <ToggleSetting name="requireDoubleCount" label="Require a second staff member's count for schedule II fills" />
          <ToggleSetting name="requireWitnessSignature" label="Require witness signature" />
          <ToggleSetting name="perpetualInventoryRequired" label="Perpetual inventory required" />
          <ToggleSetting name="biannualInventoryRequired" label="Biennial inventory required" />
        </SettingsSection>
        <SettingsSection title="ARCOS reporting">
          <ToggleSetting name="automaticArcos" label="Automatic ARCOS submission" />
          <ChoiceSetting name="arcosSubmissionDay" label="ARCOS Submission Day" options={choiceOptions(ARCOS_DAYS)} numeric />
        </SettingsSection>
      </>
    </SettingsGroupForm>
  );
}
