/**
 * P&L tab (spec part 2 §3 "profit-loss", §9 defaults and enumerations): monitoring, loss alerts, income source
 * weights (adding up to 100 percent), payroll, operating costs, costing methods and the accounting system link
 * (its API key masked).
 */
import { MONEY_MAX } from '@pharmacy/shared/settings/fields.ts';
import { get, useFormState } from 'react-hook-form';
import {
  ACCOUNT_CODE_MAX_LENGTH, ACCOUNTING_PROVIDERS, ACCOUNTING_SYNC_FREQUENCIES, COGS_CALCULATION_METHODS, COST_CALCULATION_METHODS, MONITORING_INTERVAL_MAX,
  MONITORING_INTERVAL_MIN, PAYROLL_CYCLES,
} from '@pharmacy/shared/settings/profit-loss.ts';
import { ChoiceSetting, choiceOptions, MultiChoiceSetting, NumberSetting, SecretSetting, SettingsSection, TextSetting, ToggleSetting } from './settings-fields.tsx';
import { SettingsGroupForm } from './settings-group-form.tsx';
import type { SettingsTabProps } from './settings-tab-props.ts';

const INCOME_WEIGHTS = [
  ['prescriptionSales', 'Prescription Sales (%)'],
  ['otcSales', 'OTC Sales (%)'],
  ['consultingFees', 'Consulting Fees (%)'],
  ['deliveryCharges', 'Delivery Charges (%)'],
  ['vaccinationServices', 'Vaccination Services (%)'],
  ['compoundingFees', 'Compounding Fees (%)'],
  ['insuranceReimbursements', 'Insurance Reimbursements (%)'],
] as const;

const COST_FACTORS = [
  ['baseOperatingCost', 'Base Operating Cost ($)'],
  ['variableCostPerPrescription', 'Variable Cost per Prescription ($)'],
  ['fixedMonthlyCosts', 'Fixed Monthly Costs ($)'],
  ['staffingCostPerHour', 'Staffing Cost per Hour ($)'],
  ['utilityCostAllocation', 'Utility Cost Allocation ($)'],
  ['inventoryCarryingCost', 'Inventory Carrying Cost ($)'],
  ['equipmentDepreciation', 'Equipment Depreciation ($)'],
] as const;

const METHOD_LABELS = { fifo: 'FIFO', lifo: 'LIFO', weighted_average: 'Weighted average', average: 'Average' } as const;

export function ProfitLossTab({ pharmacyId, onDirtyChange, actions }: SettingsTabProps) {
  return (
    <SettingsGroupForm pharmacyId={pharmacyId} groupKey="profit-loss" saveLabel="Save P&L Settings" onDirtyChange={onDirtyChange} actions={actions}>
      <>
        <SettingsSection title="Monitoring">
          <ToggleSetting name="enableContinuousMonitoring" label="Continuous monitoring" />
          <NumberSetting name="monitoringIntervalMinutes" label="Monitoring Interval (minutes)" min={MONITORING_INTERVAL_MIN} max={MONITORING_INTERVAL_MAX} />
          <ToggleSetting name="realTimeCalculations.enableRealTimeProfit" label="Real-time profit calculations" />
        </SettingsSection>
        <SettingsSection title="Alert thresholds">
          <NumberSetting name="alertThresholds.dailyLossLimit" label="Daily Loss Limit ($)" min={0} max={MONEY_MAX} step={0.01} />
          <NumberSetting name="alertThresholds.weeklyLossLimit" label="Weekly Loss Limit ($)" min={0} max={MONEY_MAX} step={0.01} />
          <NumberSetting name="alertThresholds.monthlyLossLimit" label="Monthly Loss Limit ($)" min={0} max={MONEY_MAX} step={0.01} />
          <NumberSetting name="alertThresholds.profitMarginAlert" label="Profit Margin Alert (%)" min={0} max={100} step={0.01} />
        </SettingsSection>
        <SettingsSection title="Income source weights" description="The seven weights add up to 100 percent." columns={3}>
          {INCOME_WEIGHTS.map(([field, label]) => (
            <NumberSetting key={field} name={`incomeSourceWeights.${field}`} label={label} min={0} max={100} step={0.01} />
          ))}
          <IncomeWeightsMessage />
        </SettingsSection>
        <SettingsSection title="Payroll">
          <ToggleSetting name="payrollSettings.includeInProfitLoss" label="Include payroll in profit and loss" />
          <MultiChoiceSetting name="payrollSettings.payrollCycles" label="Payroll Cycles" options={choiceOptions(PAYROLL_CYCLES, { weekly: 'Weekly', biweekly: 'Biweekly', monthly: 'Monthly' })} />
        </SettingsSection>
        <SettingsSection title="Operation cost factors" columns={3}>
          {COST_FACTORS.map(([field, label]) => (
            <NumberSetting key={field} name={`operationCostFactors.${field}`} label={label} min={0} max={MONEY_MAX} step={0.01} />
          ))}
        </SettingsSection>
        <SettingsSection title="Costing">
          <ChoiceSetting name="cogsCalculationMethod" label="COGS Calculation Method" options={choiceOptions(COGS_CALCULATION_METHODS, METHOD_LABELS)} />
          <ChoiceSetting name="costCalculationMethod" label="Cost Calculation Method" options={choiceOptions(COST_CALCULATION_METHODS, METHOD_LABELS)} />
        </SettingsSection>
        <SettingsSection title="Accounting system">
          <ChoiceSetting
            name="accountingSystemConfig.provider"
            label="Accounting Provider"
            options={choiceOptions(ACCOUNTING_PROVIDERS, { quickbooks: 'QuickBooks', xero: 'Xero', sage: 'Sage', custom: 'Custom' })}
          />
          <TextSetting name="accountingSystemConfig.apiEndpoint" label="API Endpoint" type="url" placeholder="https://" />
          <SecretSetting name="accountingSystemConfig.apiKey" label="Accounting API Key" />
          <ChoiceSetting
            name="accountingSystemConfig.syncFrequency"
            label="Sync Frequency"
            options={choiceOptions(ACCOUNTING_SYNC_FREQUENCIES, { realtime: 'Real time', hourly: 'Hourly', daily: 'Daily' })}
          />
          <ToggleSetting name="accountingSystemConfig.enableAutoSync" label="Automatic sync" />
          <TextSetting name="accountingSystemConfig.mappingAccounts.revenueAccount" label="Revenue Account" maxLength={ACCOUNT_CODE_MAX_LENGTH} />
          <TextSetting name="accountingSystemConfig.mappingAccounts.cogsAccount" label="COGS Account" maxLength={ACCOUNT_CODE_MAX_LENGTH} />
          <TextSetting name="accountingSystemConfig.mappingAccounts.expenseAccount" label="Expense Account" maxLength={ACCOUNT_CODE_MAX_LENGTH} />
        </SettingsSection>
      </>
    </SettingsGroupForm>
  );
}

/** The weights' own rule (they add up to 100), which belongs to no single weight. */
function IncomeWeightsMessage() {
  const { errors } = useFormState({ name: 'incomeSourceWeights' });
  const message = (get(errors, 'incomeSourceWeights') as { root?: { message?: string }; message?: string } | undefined);
  const text = message?.root?.message ?? message?.message;
  return text ? (
    <p role="alert" className="text-sm text-error md:col-span-3">
      {text}
    </p>
  ) : null;
}
