/**
 * NCPDP reject codes (shared/src/billing/ncpdp/reject-codes.ts): the External Code List's text for the codes a
 * pharmacy meets most, the worklist's guided fix for each family, single-digit codes read as their 2-digit form,
 * and an unknown code named as such rather than guessed.
 */
import { describe, expect, it } from 'vitest';
import { REJECT_CODES, rejectCodeText, rejectFix } from '../../shared/src/billing/ncpdp/reject-codes.ts';

describe('rejectCodeText', () => {
  it.each([
    ['79', 'Refill Too Soon'],
    ['88', 'DUR Reject Error'],
    ['75', 'Prior Authorization Required'],
    ['70', 'Product/Service Not Covered'],
    ['76', 'Plan Limitations Exceeded'],
    ['41', 'Submit Bill To Other Processor Or Primary Payer'],
    ['65', 'Patient Is Not Covered'],
    ['07', 'M/I Cardholder ID'],
    ['83', 'Duplicate Paid/Captured Claim'],
    ['85', 'Claim Not Processed'],
    ['87', 'Reversal Not Processed'],
    ['1R', 'Version/Release Not Supported'],
    ['01', 'M/I BIN Number'],
    ['25', 'M/I Prescriber ID'],
    ['E7', 'M/I Quantity Dispensed'],
    ['MR', 'Product Not On Formulary'],
    // What the test switch answers a transmission it cannot read with.
    ['A9', 'M/I Transaction Count'],
    ['R8', 'Syntax Error'],
    ['1S', 'Transaction Code/Type Not Supported'],
    ['1U', 'Transaction Count Does Not Match Number Of Transactions'],
  ])('%s → %s', (code, text) => {
    expect(rejectCodeText(code)).toBe(text);
  });

  it('reads a single digit as its 2-digit form, and ignores case and padding', () => {
    expect(rejectCodeText('7')).toBe('M/I Cardholder ID');
    expect(rejectCodeText('1r ')).toBe('Version/Release Not Supported');
  });

  it('names an unknown code rather than guess', () => {
    expect(rejectCodeText('ZZ9')).toBe("Reject code ZZ9 (not in this product's list of NCPDP reject codes)");
    expect(rejectCodeText('toString')).toBe("Reject code TOSTRING (not in this product's list of NCPDP reject codes)");
    expect(rejectCodeText('')).toBe("Reject code (empty) (not in this product's list of NCPDP reject codes)");
  });

  it('holds the common codes, each with its text', () => {
    expect(Object.keys(REJECT_CODES).length).toBeGreaterThan(90);
    for (const [code, entry] of Object.entries(REJECT_CODES)) {
      expect(code.length === 2 || code.length === 3).toBe(true);
      expect(entry.text.trim()).not.toBe('');
    }
  });
});

describe('rejectFix', () => {
  it.each([
    ['79', 'refill_too_soon'],
    ['88', 'dur'],
    ['E4', 'dur'],
    ['75', 'prior_authorization'],
    ['64', 'prior_authorization'],
    ['EV', 'prior_authorization'],
    ['70', 'not_covered'],
    ['MR', 'not_covered'],
    ['76', 'plan_limits'],
    ['AG', 'plan_limits'],
    ['41', 'bill_primary'],
    ['AE', 'bill_primary'],
    ['65', 'eligibility'],
    ['07', 'eligibility'],
    ['7', 'eligibility'],
    ['52', 'eligibility'],
    ['69', 'eligibility'],
    ['83', 'other'],
    ['85', 'other'],
    ['99', 'other'],
    ['ZZ9', 'other'],
  ] as const)('%s → %s', (code, fix) => {
    expect(rejectFix(code)).toBe(fix);
  });
});
