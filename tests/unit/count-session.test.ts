/**
 * The count forms (shared/src/inventory/count-session.ts): units typed digit by digit, the start form's rules per
 * kind and scope, the biennial inventory's estimate rule (21 CFR 1304.11(e)(3)) with the database's messages, and
 * which variances still need a reason before posting.
 */
import { describe, expect, it } from 'vitest';
import {
  checkCountEntry, COUNT_MESSAGES, estimateRefusal, missingVarianceReasons, startCountArguments, startCountFormSchema, unitsFromText,
} from '../../shared/src/inventory/count-session.ts';

const PRODUCT = '7b0c2a52-9a4e-4c4b-8f0e-2d7a6c1e5f11';

describe('unitsFromText', () => {
  it('reads whole units with or without thousands separators', () => {
    expect(unitsFromText('0')).toBe(0);
    expect(unitsFromText(' 120 ')).toBe(120);
    expect(unitsFromText('1,234')).toBe(1234);
    expect(unitsFromText('10,000,000')).toBe(10_000_000);
  });
  it('refuses fractions, signs, misplaced separators and more than 10,000,000', () => {
    for (const text of ['', '1.5', '-3', '+3', '1,23', '12,3456', '10000001', 'ten', '1e3']) expect(unitsFromText(text), text).toBeNull();
  });
});

describe('the start form', () => {
  const base = { kind: 'cycle', scope: 'shelf', shelf: '', productIds: [], blind: true, businessTime: '', note: '' } as const;

  it('a shelf count needs its shelf, a product count its products, the biennial inventory opening or close', () => {
    expect(startCountFormSchema.safeParse(base).error?.issues.map((issue) => issue.message)).toEqual([COUNT_MESSAGES.shelf]);
    expect(startCountFormSchema.safeParse({ ...base, scope: 'products' }).error?.issues.map((issue) => issue.message)).toEqual([COUNT_MESSAGES.products]);
    expect(startCountFormSchema.safeParse({ ...base, kind: 'biennial_controlled' }).error?.issues.map((issue) => issue.message)).toEqual([COUNT_MESSAGES.businessTime]);
    expect(startCountFormSchema.safeParse({ ...base, scope: 'schedule_ii' }).success).toBe(true);
  });

  it('sends only what the chosen kind and scope use', () => {
    const shelf = startCountFormSchema.parse({ ...base, shelf: ' A3 ', productIds: [PRODUCT] });
    expect(startCountArguments(shelf)).toEqual({ count_kind: 'cycle', count_scope: 'shelf', shelf: 'A3', product_ids: null, is_blind: true, note: null });
    const products = startCountFormSchema.parse({ ...base, scope: 'products', productIds: [PRODUCT], blind: false, note: 'Weekly' });
    expect(startCountArguments(products)).toEqual({ count_kind: 'cycle', count_scope: 'products', shelf: null, product_ids: [PRODUCT], is_blind: false, note: 'Weekly' });
    const biennial = startCountFormSchema.parse({ ...base, kind: 'biennial_controlled', businessTime: 'close' });
    expect(startCountArguments(biennial)).toEqual({ count_kind: 'biennial_controlled', is_blind: true, business_time: 'close', note: null });
  });

  it('a shelf location is one line of at most 40 characters; at most 500 products', () => {
    expect(startCountFormSchema.safeParse({ ...base, shelf: 'x'.repeat(41) }).error?.issues[0]?.message).toBe(COUNT_MESSAGES.shelfLength);
    expect(startCountFormSchema.safeParse({ ...base, shelf: 'A\u00073' }).error?.issues[0]?.message).toBe(COUNT_MESSAGES.shelfLength);
    const many = Array.from({ length: 501 }, () => PRODUCT);
    expect(startCountFormSchema.safeParse({ ...base, scope: 'products', productIds: many }).error?.issues[0]?.message).toBe(COUNT_MESSAGES.tooManyProducts);
  });
});

describe('the estimate rule (21 CFR 1304.11(e)(3))', () => {
  const biennial = (deaSchedule: string | null) => ({ kind: 'biennial_controlled' as const, deaSchedule });

  it('Schedule III–V: an opened container of at most 1,000 units may be estimated, a larger one is counted exactly', () => {
    for (const schedule of ['III', 'IV', 'V']) {
      expect(estimateRefusal(biennial(schedule), 1000), schedule).toBeNull();
      expect(estimateRefusal(biennial(schedule), 1001), schedule).toBe(COUNT_MESSAGES.largeContainer);
      expect(estimateRefusal(biennial(schedule), null), schedule).toBe(COUNT_MESSAGES.largeContainer);
    }
  });

  it('Schedule II, products not controlled and every cycle count are exact', () => {
    expect(estimateRefusal(biennial('II'), 100)).toBe(COUNT_MESSAGES.scheduleIIEstimate);
    expect(estimateRefusal(biennial(null), 100)).toBe(COUNT_MESSAGES.uncontrolledEstimate);
    expect(estimateRefusal({ kind: 'cycle', deaSchedule: 'IV' }, 100)).toBe(COUNT_MESSAGES.cycleEstimate);
  });

  it('checks a typed line: quantity first, then the container, then the estimate', () => {
    const context = biennial('IV');
    expect(checkCountEntry({ counted: '480', openedContainer: false, containerUnits: '1,000', estimated: true }, context))
      .toEqual({ ok: true, entry: { counted: 480, openedContainer: true, containerUnits: 1000, estimated: true } });
    expect(checkCountEntry({ counted: '12', openedContainer: false, containerUnits: '500', estimated: false }, context))
      .toEqual({ ok: true, entry: { counted: 12, openedContainer: false, containerUnits: null, estimated: false } });
    expect(checkCountEntry({ counted: '4.5', openedContainer: false, containerUnits: '', estimated: false }, context))
      .toEqual({ ok: false, field: 'counted', message: COUNT_MESSAGES.counted });
    expect(checkCountEntry({ counted: '4', openedContainer: true, containerUnits: '0', estimated: false }, context))
      .toEqual({ ok: false, field: 'containerUnits', message: COUNT_MESSAGES.containerUnits });
    expect(checkCountEntry({ counted: '1,990', openedContainer: true, containerUnits: '2,000', estimated: true }, context))
      .toEqual({ ok: false, field: 'estimated', message: COUNT_MESSAGES.largeContainer });
  });
});

describe('variance reasons before posting', () => {
  it('each variance of an exact line needs a reason; no variance, an estimate or a line not readable needs none', () => {
    const lines = [
      { lineId: 'a', varianceQuantity: -3, estimated: false },
      { lineId: 'b', varianceQuantity: 0, estimated: false },
      { lineId: 'c', varianceQuantity: -20, estimated: true },
      { lineId: 'd', varianceQuantity: 2, estimated: false },
      { lineId: 'e', varianceQuantity: null, estimated: false },
    ];
    expect(missingVarianceReasons(lines, { a: '  ', d: 'Found behind the shelf' })).toEqual({ a: COUNT_MESSAGES.varianceReason });
    expect(missingVarianceReasons(lines, { a: 'x'.repeat(501), d: 'ok' })).toEqual({ a: COUNT_MESSAGES.varianceReason });
  });
});
