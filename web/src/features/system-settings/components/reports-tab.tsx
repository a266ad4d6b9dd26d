/**
 * Reports tab (spec part 2 §3 "reports", §5 monthly report day 1–28, §9 formats, weekdays, logo size and
 * position): scheduled reports, texts printed on reports and slips, layout, regulatory reporting.
 */
import {
  MONTHLY_REPORT_DAY_MAX, MONTHLY_REPORT_DAY_MIN, PHARMACIST_NAME_MAX_LENGTH, PHARMACY_LOGO_POSITIONS, PHARMACY_LOGO_SIZES, REPORT_FOOTER_MAX_LENGTH,
  REPORT_FORMATS, REPORT_TEXT_MAX_LENGTH, REPORT_WEEKDAYS,
} from '@pharmacy/shared/settings/reports.ts';
import { ChoiceSetting, choiceOptions, SettingsSection, TextAreaSetting, TextSetting, ToggleSetting } from './settings-fields.tsx';
import { SettingsGroupForm } from './settings-group-form.tsx';
import type { SettingsTabProps } from './settings-tab-props.ts';

const capitalized = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const MONTH_DAYS = Array.from({ length: MONTHLY_REPORT_DAY_MAX - MONTHLY_REPORT_DAY_MIN + 1 }, (_, index) => MONTHLY_REPORT_DAY_MIN + index);

export function ReportsTab({ pharmacyId, onDirtyChange, actions }: SettingsTabProps) {
  return (
    <SettingsGroupForm pharmacyId={pharmacyId} groupKey="reports" saveLabel="Save Report Settings" onDirtyChange={onDirtyChange} actions={actions}>
      <>
        <SettingsSection title="Scheduled reports" columns={3}>
          <ToggleSetting name="dailyReportsEnabled" label="Daily reports" />
          <TextSetting name="dailyReportTime" label="Daily Report Time" type="time" />
          <TextSetting name="dailyLogPharmacist" label="Daily Log Pharmacist" maxLength={PHARMACIST_NAME_MAX_LENGTH} />
          <ToggleSetting name="weeklyReportsEnabled" label="Weekly reports" />
          <ChoiceSetting name="weeklyReportDay" label="Weekly Report Day" options={REPORT_WEEKDAYS.map((day) => ({ value: day, label: capitalized(day) }))} />
          <TextSetting name="weeklyReportTime" label="Weekly Report Time" type="time" />
          <ToggleSetting name="monthlyReportsEnabled" label="Monthly reports" />
          <ChoiceSetting name="monthlyReportDay" label="Monthly Report Day" options={choiceOptions(MONTH_DAYS)} numeric />
          <TextSetting name="monthlyReportTime" label="Monthly Report Time" type="time" />
        </SettingsSection>
        <SettingsSection title="Disclaimers and notes">
          <TextAreaSetting name="generalDisclaimer" label="General Disclaimer" maxLength={REPORT_TEXT_MAX_LENGTH} />
          <TextAreaSetting name="controlledDrugDisclaimer" label="Controlled Drug Disclaimer" maxLength={REPORT_TEXT_MAX_LENGTH} />
          <TextAreaSetting name="refillRequestNote" label="Refill Request Note" maxLength={REPORT_TEXT_MAX_LENGTH} />
          <TextAreaSetting name="deliverySlipNote" label="Delivery Slip Note" maxLength={REPORT_TEXT_MAX_LENGTH} />
        </SettingsSection>
        <SettingsSection title="Logo and layout">
          <ToggleSetting name="pharmacyLogoEnabled" label="Pharmacy logo" />
          <ToggleSetting name="includePharmacyLogo" label="Include pharmacy logo on reports" />
          <ChoiceSetting name="pharmacyLogoSize" label="Logo Size" options={PHARMACY_LOGO_SIZES.map((size) => ({ value: size, label: capitalized(size) }))} />
          <ChoiceSetting name="pharmacyLogoPosition" label="Logo Position" options={PHARMACY_LOGO_POSITIONS.map((position) => ({ value: position, label: capitalized(position) }))} />
          <ToggleSetting name="includeDisclaimer" label="Include disclaimer" />
          <ToggleSetting name="includeTimestamp" label="Include timestamp" />
          <ToggleSetting name="includePageNumbers" label="Include page numbers" />
          <ChoiceSetting name="defaultReportFormat" label="Default Report Format" options={choiceOptions(REPORT_FORMATS, { pdf: 'PDF', excel: 'Excel', csv: 'CSV' })} />
          <TextAreaSetting name="reportFooterText" label="Report Footer Text" maxLength={REPORT_FOOTER_MAX_LENGTH} rows={2} />
        </SettingsSection>
        <SettingsSection title="Regulatory reporting">
          <ToggleSetting name="stateReportingEnabled" label="State reporting" />
          <ToggleSetting name="deaReportingEnabled" label="DEA reporting" />
          <ToggleSetting name="includeControlledSubstances" label="Include controlled substances" />
          <ToggleSetting name="includePatientNames" label="Include patient names" />
        </SettingsSection>
      </>
    </SettingsGroupForm>
  );
}
