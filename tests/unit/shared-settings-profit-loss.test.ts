import { describe, expect, it } from 'vitest';
import { PROFIT_LOSS_SETTINGS_DEFAULTS, profitLossSettingsSchema } from '../../shared/src/settings/profit-loss.ts';
import { expectChoice, expectRange, expectSecretRules, expectValid, messagesAt, withValue } from '../support/settings-cases.ts';

const schema = profitLossSettingsSchema;

function fullProfitLoss() {
  return {
    enableContinuousMonitoring: false,
    monitoringIntervalMinutes: 15,
    realTimeCalculations: { enableRealTimeProfit: false },
    alertThresholds: { dailyLossLimit: 750.25, weeklyLossLimit: 3000, monthlyLossLimit: 9000, profitMarginAlert: 7.5 },
    incomeSourceWeights: {
      prescriptionSales: 70,
      otcSales: 15,
      consultingFees: 5,
      deliveryCharges: 3,
      vaccinationServices: 4,
      compoundingFees: 2,
      insuranceReimbursements: 1,
    },
    payrollSettings: { includeInProfitLoss: false, payrollCycles: ['weekly', 'monthly'] },
    operationCostFactors: {
      baseOperatingCost: 6000,
      variableCostPerPrescription: 3.1,
      fixedMonthlyCosts: 16000,
      staffingCostPerHour: 27.5,
      utilityCostAllocation: 1100,
      inventoryCarryingCost: 600,
      equipmentDepreciation: 900,
    },
    cogsCalculationMethod: 'weighted_average',
    costCalculationMethod: 'average',
    accountingSystemConfig: {
      provider: 'xero',
      apiEndpoint: 'https://api.xero.example.com',
      apiKey: 'accounting-api-key-value',
      syncFrequency: 'hourly',
      enableAutoSync: true,
      mappingAccounts: { revenueAccount: '4000', cogsAccount: '5000', expenseAccount: '6000' },
    },
  };
}

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
