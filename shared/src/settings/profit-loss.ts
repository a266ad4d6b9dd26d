/**
 * System Settings → P&L (spec part 2 §3 "profit-loss"): monitoring, loss alerts, income weights, payroll,
 * operating costs, costing methods and the accounting system link. §9 gives the defaults and enumerations; the
 * spec gives no bounds, so money is 0 to MONEY_MAX with cents, percents 0–100, and the seven income weights
 * must add up to 100 (their defaults do). Secret: the accounting system's API key.
 */
import * as z from 'zod';
import { choice, decimalNumber, money, optionalUrl, storedUrl, text, toggle, wholeNumber, type UrlField } from './fields.ts';
import { type SecretField, secretInput, secretStatus } from './secrets.ts';

export const PAYROLL_CYCLES = ['weekly', 'biweekly', 'monthly'] as const;
export const COGS_CALCULATION_METHODS = ['fifo', 'lifo', 'weighted_average'] as const;
export const COST_CALCULATION_METHODS = ['fifo', 'lifo', 'average'] as const;
export const ACCOUNTING_PROVIDERS = ['quickbooks', 'xero', 'sage', 'custom'] as const;
export const ACCOUNTING_SYNC_FREQUENCIES = ['realtime', 'hourly', 'daily'] as const;

export const MONITORING_INTERVAL_MIN = 5;
export const MONITORING_INTERVAL_MAX = 1440;
export const ACCOUNT_CODE_MAX_LENGTH = 50;

export const PROFIT_LOSS_SECRET_FIELDS = ['accountingSystemConfig.apiKey'] as const;

export const INCOME_WEIGHTS_TOTAL_MESSAGE = 'Income source weights must add up to 100 percent';
export const PAYROLL_CYCLES_MESSAGE = 'Choose at least one payroll cycle, each once';

const weight = (label: string) => decimalNumber(label, 0, 100, 'percent');

const incomeSourceWeightsShape = {
  prescriptionSales: weight('Prescription sales weight'),
  otcSales: weight('OTC sales weight'),
  consultingFees: weight('Consulting fees weight'),
  deliveryCharges: weight('Delivery charges weight'),
  vaccinationServices: weight('Vaccination services weight'),
  compoundingFees: weight('Compounding fees weight'),
  insuranceReimbursements: weight('Insurance reimbursements weight'),
};
type IncomeSourceWeights = z.output<z.ZodObject<typeof incomeSourceWeightsShape>>;

function profitLossShape<Secret extends SecretField, Weights extends z.ZodType<IncomeSourceWeights>>(secret: Secret, incomeSourceWeights: Weights, url: UrlField) {
  return {
    enableContinuousMonitoring: toggle('Continuous monitoring'),
    monitoringIntervalMinutes: wholeNumber('Monitoring interval', MONITORING_INTERVAL_MIN, MONITORING_INTERVAL_MAX, 'minutes'),
    realTimeCalculations: z.object({ enableRealTimeProfit: toggle('Real-time profit') }),
    alertThresholds: z.object({
      dailyLossLimit: money('Daily loss limit'),
      weeklyLossLimit: money('Weekly loss limit'),
      monthlyLossLimit: money('Monthly loss limit'),
      profitMarginAlert: decimalNumber('Profit margin alert', 0, 100, 'percent'),
    }),
    incomeSourceWeights,
    payrollSettings: z.object({
      includeInProfitLoss: toggle('Include payroll in profit and loss'),
      payrollCycles: z
        .array(choice('Payroll cycle', PAYROLL_CYCLES), { error: PAYROLL_CYCLES_MESSAGE })
        .min(1, PAYROLL_CYCLES_MESSAGE)
        .refine((cycles) => new Set(cycles).size === cycles.length, PAYROLL_CYCLES_MESSAGE),
    }),
    operationCostFactors: z.object({
      baseOperatingCost: money('Base operating cost'),
      variableCostPerPrescription: money('Variable cost per prescription'),
      fixedMonthlyCosts: money('Fixed monthly costs'),
      staffingCostPerHour: money('Staffing cost per hour'),
      utilityCostAllocation: money('Utility cost allocation'),
      inventoryCarryingCost: money('Inventory carrying cost'),
      equipmentDepreciation: money('Equipment depreciation'),
    }),
    cogsCalculationMethod: choice('COGS calculation method', COGS_CALCULATION_METHODS),
    costCalculationMethod: choice('Cost calculation method', COST_CALCULATION_METHODS),
    accountingSystemConfig: z.object({
      provider: choice('Accounting provider', ACCOUNTING_PROVIDERS),
      apiEndpoint: url('Accounting API endpoint'),
      apiKey: secret('Accounting API key') as ReturnType<Secret>,
      syncFrequency: choice('Accounting sync frequency', ACCOUNTING_SYNC_FREQUENCIES),
      enableAutoSync: toggle('Accounting automatic sync'),
      mappingAccounts: z.object({
        revenueAccount: text('Revenue account', ACCOUNT_CODE_MAX_LENGTH),
        cogsAccount: text('COGS account', ACCOUNT_CODE_MAX_LENGTH),
        expenseAccount: text('Expense account', ACCOUNT_CODE_MAX_LENGTH),
      }),
    }),
  };
}

/** PUT /api/system-settings/profit-loss: the income weights add up to 100. */
export const profitLossSettingsSchema = z.object(
  profitLossShape(
    secretInput,
    z.object(incomeSourceWeightsShape).refine(
      (weights) => Math.abs(Object.values(weights).reduce((sum, value) => sum + value, 0) - 100) < 1e-6,
      INCOME_WEIGHTS_TOTAL_MESSAGE,
    ),
    optionalUrl,
  ),
);
export type ProfitLossSettingsInput = z.input<typeof profitLossSettingsSchema>;
export type ProfitLossSettings = z.output<typeof profitLossSettingsSchema>;

/**
 * GET /api/system-settings/profit-loss: the API key as `{ set }`; each weight's own bounds but not their total, a
 * rule of what may be saved (weights stored off 100 still read, for the form to show).
 */
export const profitLossSettingsReadSchema = z.object(profitLossShape(secretStatus, z.object(incomeSourceWeightsShape), storedUrl));
export type ProfitLossSettingsRead = z.output<typeof profitLossSettingsReadSchema>;

/** §9's P&L defaults; the rest chosen: monitoring on, payroll biweekly, FIFO, QuickBooks daily but no auto sync. */
export const PROFIT_LOSS_SETTINGS_DEFAULTS: ProfitLossSettingsRead = {
  enableContinuousMonitoring: true,
  monitoringIntervalMinutes: 60,
  realTimeCalculations: { enableRealTimeProfit: true },
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
  payrollSettings: { includeInProfitLoss: true, payrollCycles: ['biweekly'] },
  operationCostFactors: {
    baseOperatingCost: 5000,
    variableCostPerPrescription: 2.5,
    fixedMonthlyCosts: 15000,
    staffingCostPerHour: 25,
    utilityCostAllocation: 1000,
    inventoryCarryingCost: 500,
    equipmentDepreciation: 800,
  },
  cogsCalculationMethod: 'fifo',
  costCalculationMethod: 'fifo',
  accountingSystemConfig: {
    provider: 'quickbooks',
    apiEndpoint: '',
    apiKey: { set: false },
    syncFrequency: 'daily',
    enableAutoSync: false,
    mappingAccounts: { revenueAccount: '', cogsAccount: '', expenseAccount: '' },
  },
};
