import { describe, expect, it } from 'vitest';
import { PROFIT_LOSS_SETTINGS_DEFAULTS, profitLossSettingsSchema } from '../../shared/src/settings/profit-loss.ts';
import { expectChoice, expectRange, expectSecretRules, expectValid, messagesAt, withValue } from '../support/settings-cases.ts';
import { FULL_SETTINGS_WRITES } from '../support/settings-writes.ts';

const schema = profitLossSettingsSchema;

const fullProfitLoss = FULL_SETTINGS_WRITES['profit-loss'];

describe('profit and loss settings (spec part 2 §3, §9)', () => {
  it('has the §9 defaults', () => {
    expect(PROFIT_LOSS_SETTINGS_DEFAULTS).toMatchObject({
      monitoringIntervalMinutes: 60,
      alertThresholds: { dailyLossLimit: 500, weeklyLossLimit: 2000, monthlyLossLimit: 5000, profitMarginAlert: 5 },
      incomeSourceWeights: {
        prescriptionSales: 80,
        otcSales: 10,
        consultingFees: 3,
        deliveryCharges: 2,
        vaccinationServices: 2,
        compoundingFees: 2,
        insuranceReimbursements: 1,
      },
      operationCostFactors: {
        baseOperatingCost: 5000,
        variableCostPerPrescription: 2.5,
        fixedMonthlyCosts: 15000,
        staffingCostPerHour: 25,
        utilityCostAllocation: 1000,
        inventoryCarryingCost: 500,
        equipmentDepreciation: 800,
      },
    });
  });

  it('accepts a full valid group', () => {
    expectValid(schema, fullProfitLoss());
  });

  it('takes exactly the §9 options', () => {
    const base = fullProfitLoss();
    expectChoice(schema, base, 'cogsCalculationMethod', ['fifo', 'lifo', 'weighted_average'], ['average', ''], 'COGS calculation method must be one of: fifo, lifo, weighted_average');
    expectChoice(schema, base, 'costCalculationMethod', ['fifo', 'lifo', 'average'], ['weighted_average'], 'Cost calculation method must be one of: fifo, lifo, average');
    expectChoice(schema, base, 'accountingSystemConfig.provider', ['quickbooks', 'xero', 'sage', 'custom'], ['freshbooks', ''],
      'Accounting provider must be one of: quickbooks, xero, sage, custom');
    expectChoice(schema, base, 'accountingSystemConfig.syncFrequency', ['realtime', 'hourly', 'daily'], ['weekly'],
      'Accounting sync frequency must be one of: realtime, hourly, daily');
    expect(messagesAt(schema, withValue(base, 'payrollSettings.payrollCycles', ['fortnightly']), 'payrollSettings.payrollCycles.0')).toEqual([
      'Payroll cycle must be one of: weekly, biweekly, monthly',
    ]);
    for (const cycles of [[], ['weekly', 'weekly']]) {
      expect(messagesAt(schema, withValue(base, 'payrollSettings.payrollCycles', cycles), 'payrollSettings.payrollCycles')).toEqual([
        'Choose at least one payroll cycle, each once',
      ]);
    }
  });

  it('bounds the monitoring interval, money and percents', () => {
    const base = fullProfitLoss();
    expectRange(schema, base, 'monitoringIntervalMinutes', 5, 1440, 'Monitoring interval must be between 5 and 1440 minutes');
    expect(messagesAt(schema, withValue(base, 'alertThresholds.dailyLossLimit', -1), 'alertThresholds.dailyLossLimit')).toEqual([
      'Daily loss limit must be between 0 and 10000000 dollars',
    ]);
    expect(messagesAt(schema, withValue(base, 'operationCostFactors.variableCostPerPrescription', 2.505), 'operationCostFactors.variableCostPerPrescription')).toEqual([
      'Variable cost per prescription must have at most 2 decimals',
    ]);
    expect(messagesAt(schema, withValue(base, 'alertThresholds.profitMarginAlert', 100.5), 'alertThresholds.profitMarginAlert')).toEqual([
      'Profit margin alert must be between 0 and 100 percent',
    ]);
  });

  it('needs the income weights to add up to 100 percent', () => {
    expect(messagesAt(schema, withValue(fullProfitLoss(), 'incomeSourceWeights.otcSales', 16), 'incomeSourceWeights')).toEqual([
      'Income source weights must add up to 100 percent',
    ]);
  });

  it('keeps the accounting API key secret', () => {
    expectSecretRules('profit-loss', fullProfitLoss(), ['accountingSystemConfig.apiKey']);
    expectValid(schema, withValue(fullProfitLoss(), 'accountingSystemConfig.apiKey', undefined));
  });
});
