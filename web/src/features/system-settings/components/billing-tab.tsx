/**
 * Billing tab: the dispensing fee billed with each fill's claim (typed in dollars, kept in cents; §9's $12.50 is
 * only the default), the insurance coverage the price calculator assumes until a claim is paid, and after how many
 * days a paid fill not picked up is reversed and returned to stock. The database applies all three
 * (private.billing_settings) to the next claim and the next daily run.
 */
import {
  DEFAULT_COVERAGE_PERCENT_MAX,
  DEFAULT_COVERAGE_PERCENT_MIN,
  DISPENSING_FEE_CENTS_MAX,
  DISPENSING_FEE_CENTS_MIN,
  RETURN_TO_STOCK_DAYS_MAX,
  RETURN_TO_STOCK_DAYS_MIN,
} from '@pharmacy/shared/settings/billing.ts';
import { formatCents } from '@pharmacy/shared/common/money.ts';
import { MoneySetting, NumberSetting, SettingsSection } from './settings-fields.tsx';
import { SettingsGroupForm } from './settings-group-form.tsx';
import type { SettingsTabProps } from './settings-tab-props.ts';

export function BillingTab({ pharmacyId, onDirtyChange, actions }: SettingsTabProps) {
  return (
    <SettingsGroupForm pharmacyId={pharmacyId} groupKey="billing" saveLabel="Save Billing Settings" onDirtyChange={onDirtyChange} actions={actions}>
      <SettingsSection title="Claims and pricing">
        <MoneySetting
          name="dispensingFeeCents"
          label="Dispensing fee"
          minCents={DISPENSING_FEE_CENTS_MIN}
          maxCents={DISPENSING_FEE_CENTS_MAX}
          hint={`${formatCents(DISPENSING_FEE_CENTS_MIN)}–${formatCents(DISPENSING_FEE_CENTS_MAX)}. Billed with every fill's insurance claim and used by the price calculator.`}
        />
        <NumberSetting
          name="defaultCoveragePercent"
          label="Default insurance coverage (%)"
          min={DEFAULT_COVERAGE_PERCENT_MIN}
          max={DEFAULT_COVERAGE_PERCENT_MAX}
          hint={`${DEFAULT_COVERAGE_PERCENT_MIN}–${DEFAULT_COVERAGE_PERCENT_MAX}. The share of a fill's price the calculator expects insurance to pay until a claim is paid.`}
        />
        <NumberSetting
          name="returnToStockDays"
          label="Return unclaimed fills to stock after (days)"
          min={RETURN_TO_STOCK_DAYS_MIN}
          max={RETURN_TO_STOCK_DAYS_MAX}
          hint={`${RETURN_TO_STOCK_DAYS_MIN}–${RETURN_TO_STOCK_DAYS_MAX}. A paid fill not picked up after this many days has its claim reversed and goes back to stock (checked daily).`}
        />
      </SettingsSection>
    </SettingsGroupForm>
  );
}
