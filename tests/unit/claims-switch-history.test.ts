/**
 * What the test claims switch remembers (supabase/local/src/claims-switch/claim-history.ts): paid claims by fill and
 * by member, reversal marks, authorization numbers in order, writes only from a decision on the latest state, frozen
 * records, and the bound (the oldest claims forgotten first).
 */
import { describe, expect, it } from 'vitest';
import { ClaimHistory, type PaidClaim } from '../../supabase/local/src/claims-switch/claim-history.ts';

const key = { bin: '999001', pcn: 'DEMOCOM', serviceProviderId: '1234567893', rxNumber: '1000123', fillNumber: 0 };

function claimFor(history: ClaimHistory, overrides: Partial<PaidClaim> = {}): PaidClaim {
  return {
    ...key,
    cardholderId: 'DEMO000104',
    personCode: '001',
    authorizationNumber: history.nextAuthorizationNumber(overrides.bin ?? key.bin),
    patientFirstName: 'Tyrone',
    patientLastName: 'Jackson',
    dateOfService: '2026-11-10',
    ndc11: '00378212377',
    quantityThousandths: 30_000,
    daysSupply: 30,
    grossAmountDueCents: 4_700,
    coordination: 'primary',
    pricing: { ingredientCostPaidCents: 285, dispensingFeePaidCents: 150, patientPayCents: 435, totalPaidCents: 0, basisOfReimbursement: '07' },
    paidOn: '2026-11-10',
    ...overrides,
  };
}

describe('ClaimHistory', () => {
  it('numbers authorizations by BIN and a serial, and finds a claim by its fill', () => {
    const history = new ClaimHistory();
    expect(history.nextAuthorizationNumber('999001')).toBe('999001000000001');
    history.apply({ record: claimFor(history) });
    expect(history.nextAuthorizationNumber('999002')).toBe('999002000000002');
    expect(history.paid(key)?.authorizationNumber).toBe('999001000000001');
    expect(history.paid({ ...key, fillNumber: 1 })).toBeUndefined();
    expect(history.paid({ ...key, serviceProviderId: '1245319599' })).toBeUndefined();
    expect(history.size).toBe(1);
  });

  it('a reversal marks the claim; the fill may then be paid again, and both records stay', () => {
    const history = new ClaimHistory();
    history.apply({ record: claimFor(history) });
    history.apply({ reverse: { authorizationNumber: '999001000000001', on: '2026-11-12' } });
    expect(history.paid(key)).toBeUndefined();
    expect(history.latest(key)?.reversedOn).toBe('2026-11-12');
    expect(history.paidClaimsOf({ bin: '999001', cardholderId: 'DEMO000104', personCode: '001' })).toEqual([]);
    // A B3's changes: the reversal first, then the new claim.
    history.apply({ record: claimFor(history, { dateOfService: '2026-11-12' }) });
    expect(history.paid(key)?.authorizationNumber).toBe('999001000000002');
    expect(history.claimsOf('999001').map((claim) => [claim.authorizationNumber, claim.reversedOn ?? null])).toEqual([['999001000000001', '2026-11-12'], ['999001000000002', null]]);
    expect(history.claimsOf('999002')).toEqual([]);
  });

  it('lists a member\'s standing claims newest date of service first', () => {
    const history = new ClaimHistory();
    history.apply({ record: claimFor(history, { rxNumber: '1', dateOfService: '2026-10-01' }) });
    history.apply({ record: claimFor(history, { rxNumber: '2', dateOfService: '2026-11-01' }) });
    history.apply({ record: claimFor(history, { rxNumber: '3', dateOfService: '2026-09-01' }) });
    history.apply({ record: claimFor(history, { rxNumber: '4', personCode: '002' }) });
    expect(history.paidClaimsOf({ bin: '999001', cardholderId: 'DEMO000104', personCode: '001' }).map((claim) => claim.rxNumber)).toEqual(['2', '1', '3']);
  });

  it('refuses changes not decided on its latest state', () => {
    const history = new ClaimHistory();
    const stale = claimFor(history);
    history.apply({ record: stale });
    expect(() => history.apply({ record: stale })).toThrow('Claim 999001000000001 was not decided on this history\'s latest state (expected 999001000000002).');
    expect(() => history.apply({ record: claimFor(history) })).toThrow('Rx 1000123 fill 0 is already paid; reverse it first.');
    expect(() => history.apply({ reverse: { authorizationNumber: '999001000000009', on: '2026-11-12' } })).toThrow('No claim with authorization number 999001000000009 to reverse.');
    history.apply({ reverse: { authorizationNumber: '999001000000001', on: '2026-11-12' } });
    expect(() => history.apply({ reverse: { authorizationNumber: '999001000000001', on: '2026-11-13' } })).toThrow('Claim 999001000000001 is already reversed.');
  });

  it('hands out frozen records', () => {
    const history = new ClaimHistory();
    history.apply({ record: claimFor(history) });
    const record = history.paid(key)!;
    expect(Object.isFrozen(record) && Object.isFrozen(record.pricing)).toBe(true);
  });

  it('forgets the oldest claims past its bound, from every index', () => {
    const history = new ClaimHistory(2);
    for (const rxNumber of ['1', '2', '3']) history.apply({ record: claimFor(history, { rxNumber }) });
    expect(history.size).toBe(2);
    expect(history.paid({ ...key, rxNumber: '1' })).toBeUndefined();
    expect(history.paidClaimsOf({ bin: '999001', cardholderId: 'DEMO000104', personCode: '001' }).map((claim) => claim.rxNumber)).toEqual(['2', '3']);
    expect(history.nextAuthorizationNumber('999001')).toBe('999001000000004');
    expect(() => new ClaimHistory(0)).toThrow(RangeError);
  });
});
