/**
 * The Returns forms (shared/src/inventory/inventory-return.ts): the Create Return form's rules and the database's
 * messages, the arguments sent, credits typed as dollars → cents, the suggested credit, and a page row read.
 */
import { describe, expect, it } from 'vitest';
import {
  createReturnArguments,
  createReturnFormSchema,
  creditsFromText,
  inventoryReturnFromRow,
  RETURN_MESSAGES,
  returnDestinationText,
  suggestedCreditText,
  type CreateReturnForm,
} from '../../shared/src/inventory/inventory-return.ts';

const LOT = '0b7c9a52-3f0e-4c1a-9d55-6a4e2f1b8c01';
const WHOLESALER = '5d2e8f10-7a4b-4c3d-8e9f-0a1b2c3d4e5f';

const form = (changes: Partial<CreateReturnForm> = {}): CreateReturnForm => ({
  scheduleIi: false, lotId: LOT, quantity: '12', reason: 'expired', reasonDetail: '', destination: 'wholesaler',
  wholesalerId: WHOLESALER, reverseDistributor: '', rmaNumber: 'RMA-77', deaForm222Number: '', ...changes,
});

function messages(changes: Partial<CreateReturnForm>): Record<string, string> {
  const result = createReturnFormSchema.safeParse(form(changes));
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the Create Return form', () => {
  it('a return to a wholesaler sends the lot, units, reason, wholesaler and RMA only', () => {
    const parsed = createReturnFormSchema.parse(form({ reverseDistributor: 'Left over', deaForm222Number: '' }));
    expect(createReturnArguments(parsed)).toEqual({
      lot_id: LOT, quantity: 12, reason: 'expired', destination: 'wholesaler', wholesaler_id: WHOLESALER, rma_number: 'RMA-77',
    });
  });

  it('a destruction sends neither wholesaler nor distributor; a reverse distributor its trimmed name', () => {
    expect(createReturnArguments(createReturnFormSchema.parse(form({ destination: 'destruction', rmaNumber: '', reason: 'damaged', reasonDetail: ' Broken seal ' }))))
      .toEqual({ lot_id: LOT, quantity: 12, reason: 'damaged', destination: 'destruction', reason_detail: 'Broken seal' });
    expect(createReturnArguments(createReturnFormSchema.parse(form({ destination: 'reverse_distributor', reverseDistributor: '  Rx Reverse Co ', rmaNumber: '' }))))
      .toEqual({ lot_id: LOT, quantity: 12, reason: 'expired', destination: 'reverse_distributor', reverse_distributor: 'Rx Reverse Co' });
  });

  it('says what is missing, in the database’s words', () => {
    expect(messages({ lotId: '' })).toEqual({ lotId: RETURN_MESSAGES.lot });
    expect(messages({ quantity: '0' })).toEqual({ quantity: 'The quantity returned must be a whole number greater than 0' });
    expect(messages({ quantity: '2.5' })).toEqual({ quantity: 'The quantity returned must be a whole number greater than 0' });
    expect(messages({ quantity: 'ten' })).toEqual({ quantity: 'The quantity returned must be a whole number greater than 0' });
    expect(messages({ reason: 'other' })).toEqual({ reasonDetail: 'Describe the reason (at most 500 characters); it is required when the reason is other' });
    expect(messages({ wholesalerId: '' })).toEqual({ wholesalerId: 'Choose the wholesaler that takes the return' });
    expect(messages({ destination: 'reverse_distributor' })).toEqual({ reverseDistributor: 'Enter the reverse distributor\'s name' });
    expect(messages({ rmaNumber: 'RMA 77' })).toEqual({ rmaNumber: 'The RMA or authorization number is 1 to 30 letters, digits or hyphens' });
    expect(messages({ reasonDetail: 'x'.repeat(501) })).toEqual({ reasonDetail: 'Describe the reason (at most 500 characters); it is required when the reason is other' });
  });

  it('a Schedule II return needs its DEA Form 222 number and is not destroyed here', () => {
    expect(messages({ scheduleIi: true })).toEqual({
      deaForm222Number: 'A Schedule II return needs the DEA Form 222 number issued by the wholesaler or reverse distributor receiving it',
    });
    expect(messages({ scheduleIi: true, destination: 'destruction', deaForm222Number: '123456789' })).toEqual({
      destination: 'Schedule II stock is not destroyed here: send it to a reverse distributor, or record its destruction on DEA Form 41 with two witnesses',
    });
    expect(messages({ scheduleIi: true, deaForm222Number: '12345 6789' })).toEqual({ deaForm222Number: 'The DEA Form 222 number is 1 to 20 letters, digits or hyphens' });
    expect(createReturnArguments(createReturnFormSchema.parse(form({ scheduleIi: true, deaForm222Number: '123456789' }))))
      .toMatchObject({ dea_form_222_number: '123456789' });
    // A number typed before the product changed to a non-controlled one is not sent (the database would refuse it).
    expect(createReturnArguments(createReturnFormSchema.parse(form({ deaForm222Number: '123456789' })))).not.toHaveProperty('dea_form_222_number');
  });
});

describe('credits', () => {
  const returns = [
    { id: 'a', destination: 'wholesaler' as const },
    { id: 'b', destination: 'reverse_distributor' as const },
    { id: 'c', destination: 'destruction' as const },
  ];

  it('dollars and cents as typed become integer cents; a destruction left blank is 0', () => {
    expect(creditsFromText(returns, { a: '12.5', b: '$1,234.05', c: '' })).toEqual({ credits: { a: 1250, b: 123405, c: 0 }, unreadable: [] });
    expect(creditsFromText(returns, { a: '0', b: '19', c: '0.01' })).toEqual({ credits: { a: 0, b: 1900, c: 1 }, unreadable: [] });
  });

  it('a blank, negative or over-precise credit of a return for credit cannot be read', () => {
    expect(creditsFromText(returns, { a: '', b: '-3.00', c: '1.234' })).toEqual({ credits: {}, unreadable: ['a', 'b', 'c'] });
  });

  it('suggests the return’s value as the credit (0 for a destruction, blank when the value is unknown)', () => {
    expect(suggestedCreditText({ destination: 'wholesaler', totalValueCents: 1110 })).toBe('11.10');
    expect(suggestedCreditText({ destination: 'wholesaler', totalValueCents: 5 })).toBe('0.05');
    expect(suggestedCreditText({ destination: 'reverse_distributor', totalValueCents: null })).toBe('');
    expect(suggestedCreditText({ destination: 'destruction', totalValueCents: 900 })).toBe('0.00');
  });
});

describe('a row of the Returns list', () => {
  const row = {
    id: 'r1', medication_id: 'm1', product_name: 'Atorvastatin', strength: '10 mg', ndc_number: '00071-0155-23', dea_schedule: null,
    lot_id: 'l1', lot_number: 'AT1', expiration_date: '2027-03-31', quantity: 30, reason: 'overstock', reason_detail: null,
    destination: 'wholesaler', wholesaler_id: 'w1', wholesaler_name: 'Cardinal Test', reverse_distributor: null,
    unit_cost_cents: 37, total_value_cents: 1110, rma_number: 'RMA-1001', dea_form_222_number: null, status: 'processed',
    credit_cents: 1000, cancel_reason: null, created_at: '2026-11-28T15:04:05+00:00', created_by_name: 'Pat Pharmacist',
    processed_at: '2026-11-29T10:00:00+00:00', processed_by_name: 'Pat Pharmacist', cancelled_at: null, total_count: 7,
  };

  it('reads as the spec’s Return: product, NDC, reason, quantity, unit cost, total value, date, status, credit, wholesaler', () => {
    const item = inventoryReturnFromRow(row);
    expect(item).toMatchObject({
      productName: 'Atorvastatin', ndc: '00071-0155-23', reason: 'overstock', quantity: 30, unitCostCents: 37, totalValueCents: 1110,
      returnDate: '2026-11-28T15:04:05+00:00', status: 'processed', creditCents: 1000, wholesalerName: 'Cardinal Test',
    });
    expect(returnDestinationText(item)).toBe('Cardinal Test');
    expect(returnDestinationText({ destination: 'reverse_distributor', wholesalerName: null, reverseDistributor: 'Rx Reverse Co' })).toBe('Rx Reverse Co (reverse distributor)');
    expect(returnDestinationText({ destination: 'destruction', wholesalerName: null, reverseDistributor: null })).toBe('Destruction');
  });

  it('refuses a row with a status the contract does not know', () => {
    expect(() => inventoryReturnFromRow({ ...row, status: 'shipped' })).toThrow();
  });
});
