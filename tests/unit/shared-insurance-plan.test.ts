/**
 * shared/src/patients/insurance-plan.ts: the Add/Edit plan form's schema (NCPDP D.0 field rules: BIN 101-A1 six
 * digits, PCN 104-A4 ≤ 10, group 301-C1 ≤ 15, cardholder id 302-C2 ≤ 20, person code 303-C3 ≤ 3, relationship
 * 306-C6 0–4; priority as a word or 1/2/3), the row ↔ plan mapping, labels and the record's order. The routing
 * numbers below are the ones printed on real cards (Caremark 004336/ADV, Express Scripts 003858/A4, OptumRx
 * 610097/9999).
 */
import { describe, expect, it } from 'vitest';
import {
  alreadyActivePlanMessage, EMPTY_INSURANCE_PLAN_FORM, INSURANCE_PLAN_COLUMNS, INSURANCE_PLAN_MESSAGES, insurancePlanFormFromPlan,
  insurancePlanFormSchema, insurancePlanFromRow, insurancePlanPriorityLabel, insurancePlanRowFromForm, relationshipCodeLabel,
  sortInsurancePlans, type InsurancePlanRow,
} from '../../shared/src/patients/insurance-plan.ts';

const CAREMARK = {
  payerName: ' Caremark Commercial ', bin: '004336', pcn: 'ADV', groupId: 'RX1234', cardholderId: 'ZX1234567', personCode: '01',
  relationshipCode: '1', priority: 'primary', insuranceType: 'commercial', effectiveDate: '2026-01-01', terminationDate: '', active: true,
};

function messagesOf(input: unknown): Record<string, string[]> {
  const result = insurancePlanFormSchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}

describe('insurancePlanFormSchema', () => {
  it('turns the form\'s text into the plan\'s values: trimmed, blanks as none', () => {
    expect(insurancePlanFormSchema.parse(CAREMARK)).toEqual({
      payerName: 'Caremark Commercial', bin: '004336', pcn: 'ADV', groupId: 'RX1234', cardholderId: 'ZX1234567', personCode: '01',
      relationshipCode: '1', priority: 'primary', insuranceType: 'commercial', effectiveDate: '2026-01-01', terminationDate: null, active: true,
    });
    expect(insurancePlanFormSchema.parse({ ...EMPTY_INSURANCE_PLAN_FORM, payerName: 'Express Scripts', bin: '003858', cardholderId: '  123456789  ' })).toEqual({
      payerName: 'Express Scripts', bin: '003858', pcn: null, groupId: null, cardholderId: '123456789', personCode: null,
      relationshipCode: null, priority: 'primary', insuranceType: null, effectiveDate: null, terminationDate: null, active: true,
    });
  });

  it('takes a priority as its word in any case or as 1, 2, 3, and relationship codes as numbers', () => {
    const expected = ['primary', 'secondary', 'tertiary', 'secondary', 'tertiary'];
    for (const [index, value] of (['1', 2, '3', 'Secondary', ' TERTIARY '] as const).entries()) {
      expect(insurancePlanFormSchema.parse({ ...CAREMARK, priority: value }).priority, String(value)).toBe(expected[index]);
    }
    expect(insurancePlanFormSchema.parse({ ...CAREMARK, relationshipCode: 3 }).relationshipCode).toBe('3');
    expect(insurancePlanFormSchema.parse({ ...CAREMARK, pcn: null, groupId: null, relationshipCode: null }))
      .toMatchObject({ pcn: null, groupId: null, relationshipCode: null });
  });

  it('requires payer name, BIN, cardholder id and priority', () => {
    expect(messagesOf({ ...CAREMARK, payerName: '   ', bin: '', cardholderId: ' ', priority: '' })).toEqual({
      payerName: ['Payer name is required'],
      bin: ['BIN is required'],
      cardholderId: ['Cardholder ID is required'],
      priority: ['Priority must be primary, secondary or tertiary'],
    });
    expect(messagesOf({})).toMatchObject({ payerName: ['Payer name is required'], bin: ['BIN is required'] });
  });

  it('refuses each malformed NCPDP field with its message', () => {
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ bin: '61009' }, 'bin', 'BIN must be 6 digits'],
      [{ bin: '6100977' }, 'bin', 'BIN must be 6 digits'],
      [{ bin: '61OO97' }, 'bin', 'BIN must be 6 digits'],
      [{ bin: '610-097' }, 'bin', 'BIN must be 6 digits'],
      [{ pcn: 'MEDDPRIMEXX' }, 'pcn', 'PCN must be at most 10 letters, digits or symbols'],
      [{ pcn: 'AD\u001cV' }, 'pcn', 'PCN must be at most 10 letters, digits or symbols'],
      [{ groupId: 'G'.repeat(16) }, 'groupId', 'Group ID must be at most 15 letters, digits or symbols'],
      [{ groupId: 'Grüppe' }, 'groupId', 'Group ID must be at most 15 letters, digits or symbols'],
      [{ cardholderId: 'Z'.repeat(21) }, 'cardholderId', 'Cardholder ID must be at most 20 letters, digits or symbols'],
      [{ cardholderId: 'ZX12\u001e34' }, 'cardholderId', 'Cardholder ID must be at most 20 letters, digits or symbols'],
      [{ personCode: '0001' }, 'personCode', 'Person code must be 1 to 3 letters or digits (e.g. 001)'],
      [{ personCode: '0-1' }, 'personCode', 'Person code must be 1 to 3 letters or digits (e.g. 001)'],
      [{ relationshipCode: '5' }, 'relationshipCode', 'Relationship must be 0 (not specified), 1 (cardholder), 2 (spouse), 3 (child) or 4 (other)'],
      [{ priority: '4' }, 'priority', 'Priority must be primary, secondary or tertiary'],
      [{ priority: 'quaternary' }, 'priority', 'Priority must be primary, secondary or tertiary'],
      [{ insuranceType: 'platinum' }, 'insuranceType', "Insurance type must be Commercial, Medicare Part D, Medicaid, TRICARE or Workers' compensation"],
      [{ payerName: 'P'.repeat(101) }, 'payerName', 'Payer name must be 1 to 100 characters'],
      [{ effectiveDate: '2026-02-30' }, 'effectiveDate', 'Enter a valid date (YYYY-MM-DD)'],
      [{ terminationDate: '12/31/2026' }, 'terminationDate', 'Enter a valid date (YYYY-MM-DD)'],
      [{ effectiveDate: '2026-07-01', terminationDate: '2026-06-30' }, 'terminationDate', 'The termination date cannot be before the effective date'],
    ];
    for (const [change, field, message] of refusals) {
      expect(messagesOf({ ...CAREMARK, ...change }), JSON.stringify(change)).toEqual({ [field]: [message] });
    }
    // A plan that ends the day it starts is a one-day plan, not an error.
    expect(messagesOf({ ...CAREMARK, effectiveDate: '2026-07-01', terminationDate: '2026-07-01' })).toEqual({});
  });

  it('stops early on a huge field (bounded work) with the same message', () => {
    expect(messagesOf({ ...CAREMARK, cardholderId: 'Z'.repeat(1_000_000) })).toEqual({ cardholderId: [INSURANCE_PLAN_MESSAGES.cardholderId] });
    expect(messagesOf({ ...CAREMARK, effectiveDate: '2'.repeat(100_000) })).toEqual({ effectiveDate: [INSURANCE_PLAN_MESSAGES.date] });
  });
});

describe('rows and the form', () => {
  const row: InsurancePlanRow = {
    id: '6b1f0c9e-2d4a-4e7b-9f3c-1a2b3c4d5e6f', patient_id: '00000000-0000-4000-8000-0000000cc001', payer_name: 'OptumRx Part D',
    bin: '610097', pcn: '9999', group_id: 'PDPIND', cardholder_id: 'H4718202113', person_code: '001', relationship_code: '1',
    priority: 'primary', insurance_type: 'medicare_part_d', effective_date: '2026-01-01', termination_date: null, active: true,
    created_at: '2026-11-29T10:00:00+00:00', updated_at: '2026-11-29T10:00:00+00:00',
  };

  it('reads a row of public.patient_insurance_plans as the plan and back into the Edit form', () => {
    const plan = insurancePlanFromRow(row);
    expect(plan).toEqual({
      id: row.id, patientId: row.patient_id, payerName: 'OptumRx Part D', bin: '610097', pcn: '9999', groupId: 'PDPIND',
      cardholderId: 'H4718202113', personCode: '001', relationshipCode: '1', priority: 'primary', insuranceType: 'medicare_part_d',
      effectiveDate: '2026-01-01', terminationDate: null, active: true, createdAt: row.created_at, updatedAt: row.updated_at,
    });
    expect(insurancePlanFormFromPlan(plan)).toEqual({
      payerName: 'OptumRx Part D', bin: '610097', pcn: '9999', groupId: 'PDPIND', cardholderId: 'H4718202113', personCode: '001',
      relationshipCode: '1', priority: 'primary', insuranceType: 'medicare_part_d', effectiveDate: '2026-01-01', terminationDate: '', active: true,
    });
    expect(() => insurancePlanFromRow({ ...row, priority: 'fourth' })).toThrow();
    expect(INSURANCE_PLAN_COLUMNS.split(', ').sort()).toEqual(Object.keys(row).sort());
  });

  it('writes the fixed column names of public.patient_insurance_plans', () => {
    expect(insurancePlanRowFromForm(insurancePlanFormSchema.parse({ ...CAREMARK, priority: '2', relationshipCode: '2', personCode: '002' }))).toEqual({
      payer_name: 'Caremark Commercial', bin: '004336', pcn: 'ADV', group_id: 'RX1234', cardholder_id: 'ZX1234567', person_code: '002',
      relationship_code: '2', priority: 'secondary', insurance_type: 'commercial', effective_date: '2026-01-01', termination_date: null, active: true,
    });
  });
});

describe('labels and order', () => {
  it('labels priorities and relationship codes', () => {
    expect(['primary', 'secondary', 'tertiary'].map((p) => insurancePlanPriorityLabel(p as 'primary'))).toEqual(['Primary', 'Secondary', 'Tertiary']);
    expect((['0', '1', '2', '3', '4'] as const).map(relationshipCodeLabel)).toEqual(['Not specified', 'Cardholder', 'Spouse', 'Child', 'Other']);
    expect(relationshipCodeLabel(null)).toBe('Not recorded');
    expect(alreadyActivePlanMessage('primary')).toBe('This patient already has an active primary plan; deactivate it first');
  });

  it('lists active plans in paying order, then deactivated ones, newest first within a priority', () => {
    const plans = [
      { id: 'old-primary', active: false, priority: 'primary', createdAt: '2025-01-01T00:00:00Z' },
      { id: 'tertiary', active: true, priority: 'tertiary', createdAt: '2026-03-01T00:00:00Z' },
      { id: 'older-primary', active: false, priority: 'primary', createdAt: '2024-01-01T00:00:00Z' },
      { id: 'primary', active: true, priority: 'primary', createdAt: '2026-01-01T00:00:00Z' },
      { id: 'old-secondary', active: false, priority: 'secondary', createdAt: '2026-05-01T00:00:00Z' },
      { id: 'secondary', active: true, priority: 'secondary', createdAt: '2026-02-01T00:00:00Z' },
    ] as const;
    expect(sortInsurancePlans(plans).map((plan) => plan.id)).toEqual(['primary', 'secondary', 'tertiary', 'old-primary', 'older-primary', 'old-secondary']);
  });
});
