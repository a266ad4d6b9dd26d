/**
 * The test claims switch's decisions (supabase/local/src/claims-switch/adjudicate.ts) against the demo payer sheets:
 * eligibility (E1), each reject of a billing (B1) and its override, duplicates, reversals (B2) and rebills (B3),
 * refill-too-soon dates, DUR, prior authorisation, plan limits and coordination of benefits. Amounts are worked
 * out by hand in the comments; pricing formulas have their own file (claims-switch-pricing.test.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  type AdjudicationContext, type BillingRequest, type Decision, type EligibilityRequest, type FormularyCoverage, type ReversalRequest, adjudicate,
} from '../../supabase/local/src/claims-switch/adjudicate.ts';
import { ClaimHistory } from '../../supabase/local/src/claims-switch/claim-history.ts';

const PHARMACY = '1234567893';
const OTHER_PHARMACY = '1245319599';

function contextWith(overrides: Partial<AdjudicationContext> = {}): AdjudicationContext {
  return { history: new ClaimHistory(), formulary: () => undefined, drugPrices: () => undefined, processedOn: '2026-11-20', ...overrides };
}

/** Decides and writes the decision's changes, as the switch does. */
function run(request: Parameters<typeof adjudicate>[0], context: AdjudicationContext): Decision {
  const decision = adjudicate(request, context);
  context.history.apply(decision.changes);
  return decision;
}

/** Tyrone Jackson on Demo Commercial Rx: atorvastatin 40 mg, 30 tablets for 30 days. */
function commercialClaim(overrides: Partial<BillingRequest> = {}): BillingRequest {
  return {
    transactionCode: 'B1',
    bin: '999001',
    pcn: 'DEMOCOM',
    groupId: 'DEMOGRP01',
    serviceProviderId: PHARMACY,
    dateOfService: '2026-11-10',
    cardholderId: 'DEMO000104',
    personCode: '001',
    dateOfBirth: '1979-06-11',
    rxNumber: '1000123',
    fillNumber: 0,
    ndc11: '00378212377',
    quantityThousandths: 30_000,
    daysSupply: 30,
    submitted: { ingredientCostCents: 4_500, dispensingFeeCents: 200, usualAndCustomaryCents: 5_999, grossAmountDueCents: 4_700 },
    ...overrides,
  };
}

/** Sofia Ramirez on Demo Medicaid (primary). */
function medicaidClaim(overrides: Partial<BillingRequest> = {}): BillingRequest {
  return commercialClaim({ bin: '999003', pcn: 'DEMOMCD', groupId: undefined, cardholderId: 'DEMO000305', dateOfBirth: '1992-01-19', ...overrides });
}

function eligibilityRequest(overrides: Partial<EligibilityRequest> = {}): EligibilityRequest {
  return {
    transactionCode: 'E1', bin: '999001', pcn: 'DEMOCOM', groupId: 'DEMOGRP01', serviceProviderId: PHARMACY, dateOfService: '2026-11-10',
    cardholderId: 'DEMO000104', personCode: '001', dateOfBirth: '1979-06-11', ...overrides,
  };
}

function rejectsOf(decision: Decision): string[] {
  if (decision.kind !== 'rejected') throw new Error(`expected a reject, got ${decision.kind}: ${decision.message}`);
  return decision.rejectCodes;
}

function paid(decision: Decision) {
  if (decision.kind !== 'paid') throw new Error(`expected a payment, got ${decision.kind}: ${decision.message}`);
  return decision;
}

describe('E1 eligibility', () => {
  it('approves a member on the date with the plan', () => {
    expect(adjudicate(eligibilityRequest(), contextWith())).toEqual({
      kind: 'eligible',
      responseStatus: 'A',
      transactionCode: 'E1',
      plan: {
        payerName: 'Demo Commercial Rx', bin: '999001', pcn: 'DEMOCOM', groupId: 'DEMOGRP01', insuranceType: 'commercial', cardholderId: 'DEMO000104',
        personCode: '001', relationshipCode: '1', firstName: 'Tyrone', lastName: 'Jackson', dateOfBirth: '1979-06-11', coveredFrom: '2026-01-01',
      },
      message: 'Tyrone Jackson is covered by Demo Commercial Rx on 2026-11-10.',
      changes: {},
    });
  });

  it('tells the pharmacy when the plan pays second', () => {
    const decision = adjudicate(eligibilityRequest({ bin: '999003', pcn: 'DEMOMCD', groupId: undefined, cardholderId: 'DEMO000303', dateOfBirth: '1955-12-28' }), contextWith());
    expect(decision.kind === 'eligible' && decision.plan.primaryElsewhere).toEqual({ payerName: 'Demo Part D', bin: '999002' });
    expect(decision.message).toBe('Dolores Fairbanks is covered by Demo Medicaid on 2026-11-10. It pays after Demo Part D (BIN 999002).');
  });

  it.each([
    ['an unknown cardholder', { cardholderId: 'DEMO000999' }, ['07'], 'No member of Demo Commercial Rx has cardholder ID DEMO000999.'],
    ['no person code', { personCode: undefined }, ['08'], 'Demo Commercial Rx needs the person code (001 the cardholder, 002 a spouse, 003… dependants).'],
    ['a person code not on the card', { personCode: '004' }, ['65'], 'No one with person code 004 is covered on card DEMO000104.'],
    ['another date of birth', { dateOfBirth: '1979-06-12' }, ['09'], 'The date of birth 1979-06-12 is not the member\'s.'],
    ['another group and no date of birth', { groupId: 'OTHER', dateOfBirth: undefined }, ['06', '09'], 'Group OTHER is not this member\'s group; it is DEMOGRP01. The patient\'s date of birth is missing.'],
    ['coverage that ended', { cardholderId: 'TEST000190', dateOfBirth: '1980-01-15', dateOfService: '2026-07-01' }, ['65'], 'Ended Coverage\'s coverage ended 2026-06-30.'],
    ['a date before coverage', { dateOfService: '2025-12-31' }, ['65'], 'Tyrone Jackson\'s coverage begins 2026-01-01, after the date of service.'],
    ['a BIN the switch does not answer', { bin: '610014' }, ['01'], 'BIN 610014 is not a plan this test switch answers for (its BINs are 999001 to 999003).'],
    ['another PCN', { pcn: 'ADV' }, ['04'], 'PCN ADV is not Demo Commercial Rx\'s; it is DEMOCOM.'],
    ['a pharmacy NPI with a wrong check digit', { serviceProviderId: '1234567890' }, ['05'], 'The pharmacy\'s NPI "1234567890" is not a valid NPI.'],
    ['a date of service in the future', { dateOfService: '2026-11-21' }, ['15'], 'The date of service 2026-11-21 is in the future.'],
  ])('rejects %s', (_name, overrides, codes, message) => {
    const decision = adjudicate(eligibilityRequest(overrides), contextWith());
    expect(rejectsOf(decision)).toEqual(codes);
    expect(decision.message).toBe(message);
    expect(decision.changes).toEqual({});
  });

  it('reads the cardholder id and PCN in any case', () => {
    expect(adjudicate(eligibilityRequest({ cardholderId: 'demo000104', pcn: 'democom' }), contextWith()).kind).toBe('eligible');
  });
});

describe('B1: paid', () => {
  it('pays Eliquis at AWP − 17% + $1.50 less the tier 3 copay, and records the claim', () => {
    const context = contextWith({ drugPrices: (ndc) => (ndc === '00003089421' ? { awpUnitMillicents: 1_050_000 } : undefined) });
    // 60 tablets × $10.50 = $630.00; less 17% = $522.90, under the $560.00 submitted; + $1.50 = $524.40, under U&C.
    const claim = commercialClaim({ ndc11: '00003089421', quantityThousandths: 60_000, submitted: { ingredientCostCents: 56_000, dispensingFeeCents: 200, usualAndCustomaryCents: 58_999, grossAmountDueCents: 56_200 } });
    const decision = paid(run(claim, context));
    expect(decision).toMatchObject({
      responseStatus: 'P',
      transactionCode: 'B1',
      authorizationNumber: '999001000000001',
      pricing: { ingredientCostPaidCents: 52_290, dispensingFeePaidCents: 150, patientPayCents: 4_000, totalPaidCents: 48_440, basisOfReimbursement: '03' },
      overriddenRejectCodes: [],
      message: 'Paid by Demo Commercial Rx: $484.40; the patient pays $40.00 (tier 3).',
    });
    expect(context.history.paid({ bin: '999001', pcn: 'DEMOCOM', serviceProviderId: PHARMACY, rxNumber: '1000123', fillNumber: 0 })).toEqual({
      bin: '999001', pcn: 'DEMOCOM', serviceProviderId: PHARMACY, rxNumber: '1000123', fillNumber: 0, cardholderId: 'DEMO000104', personCode: '001',
      authorizationNumber: '999001000000001', patientFirstName: 'Tyrone', patientLastName: 'Jackson', dateOfService: '2026-11-10', ndc11: '00003089421',
      quantityThousandths: 60_000, daysSupply: 30, grossAmountDueCents: 56_200, coordination: 'primary', pricing: decision.pricing, paidOn: '2026-11-20',
    });
  });

  it('takes the tier from the pharmacy\'s formulary for the plan\'s insurance type', () => {
    const asked: string[] = [];
    const formulary = (ndc: string, type: string): FormularyCoverage | undefined => {
      asked.push(`${ndc} ${type}`);
      return { covered: true, tier: 1, priorAuthorizationRequired: false };
    };
    // MAC $0.095 × 30 = $2.85 + $1.50 = $4.35; the tier 1 copay of $5.00 is cut to the $4.35 allowed.
    const decision = paid(adjudicate(commercialClaim(), contextWith({ formulary })));
    expect(asked).toEqual(['00378212377 commercial']);
    expect(decision.pricing).toEqual({ ingredientCostPaidCents: 285, dispensingFeePaidCents: 150, patientPayCents: 435, totalPaidCents: 0, basisOfReimbursement: '07' });
  });
});

describe('B1: coverage (70) and prior authorisation (75)', () => {
  it('rejects a product the plan excludes, and one the formulary marks not covered', () => {
    const viagra = adjudicate(commercialClaim({ bin: '999002', pcn: 'DEMOPDP', groupId: 'DEMOPD01', cardholderId: 'DEMO000201', dateOfBirth: '1948-03-14', ndc11: '00069421030' }), contextWith());
    expect(rejectsOf(viagra)).toEqual(['70']);
    expect(viagra.message).toBe('Medicare Part D does not cover drugs for erectile dysfunction.');
    const notCovered = adjudicate(commercialClaim(), contextWith({ formulary: () => ({ covered: false, tier: 4, priorAuthorizationRequired: false }) }));
    expect(rejectsOf(notCovered)).toEqual(['70']);
    expect(notCovered.message).toBe('NDC 00378212377 is not on Demo Commercial Rx\'s formulary.');
  });

  it('requires PA for Lipitor; the PA on file for the member lets it through', () => {
    const lipitor = commercialClaim({ ndc11: '00071015523' });
    const without = adjudicate(lipitor, contextWith());
    expect(rejectsOf(without)).toEqual(['75']);
    expect(without.message).toBe('Demo Commercial Rx requires prior authorisation for NDC 00071015523.');
    const withPa = paid(adjudicate({ ...lipitor, priorAuthorizationNumber: '26010100001' }, contextWith()));
    expect(withPa.overriddenRejectCodes).toEqual(['75']);
    // No AWP or MAC for it: the $45.00 submitted + $1.50, less the tier 3 copay of $40.00.
    expect(withPa.message).toBe('Paid by Demo Commercial Rx: $6.50; the patient pays $40.00 (tier 3). Overrides accepted: 75 (prior authorisation 26010100001).');
  });

  it('refuses a PA number of another member, and one expired on the date of service', () => {
    const spouse = adjudicate(commercialClaim({ ndc11: '00071015523', personCode: '002', dateOfBirth: '1973-03-09', priorAuthorizationNumber: '26010100001' }), contextWith());
    expect(rejectsOf(spouse)).toEqual(['75']);
    expect(spouse.message).toBe('Prior authorisation 26010100001 is not on file for this patient and drug on 2026-11-10.');
    const expired = adjudicate(commercialClaim({ ndc11: '00071015523', dateOfService: '2027-01-04', priorAuthorizationNumber: '26010100001' }), contextWith({ processedOn: '2027-01-05' }));
    expect(rejectsOf(expired)).toEqual(['75']);
  });

  it('requires PA when the pharmacy\'s formulary says so', () => {
    const formulary = () => ({ covered: true, tier: 2, priorAuthorizationRequired: true });
    expect(rejectsOf(adjudicate(commercialClaim(), contextWith({ formulary })))).toEqual(['75']);
  });
});

describe('B1: plan limits (76)', () => {
  it('refuses more days than the plan pays per fill', () => {
    const decision = adjudicate(commercialClaim({ quantityThousandths: 91_000, daysSupply: 91 }), contextWith());
    expect(rejectsOf(decision)).toEqual(['76']);
    expect(decision.message).toBe('Demo Commercial Rx pays at most a 90-day supply per fill; this claim is for 91 days.');
  });

  it('applies the formulary\'s quantity limit as units per days', () => {
    const formulary = () => ({ covered: true, tier: 2, priorAuthorizationRequired: false, quantityLimit: { quantityThousandths: 30_000, days: 30 } });
    const over = adjudicate(commercialClaim({ quantityThousandths: 60_000 }), contextWith({ formulary }));
    expect(rejectsOf(over)).toEqual(['76']);
    expect(over.message).toBe('The plan limits this drug to 30 per 30 days; 60 for 30 days is more.');
    expect(adjudicate(commercialClaim({ quantityThousandths: 90_000, daysSupply: 90 }), contextWith({ formulary })).kind).toBe('paid');
    expect(rejectsOf(adjudicate(commercialClaim({ quantityThousandths: 30_500 }), contextWith({ formulary })))).toEqual(['76']);
  });

  it('a PA on file lifts the plan limits too', () => {
    const decision = paid(adjudicate(commercialClaim({ ndc11: '00071015523', quantityThousandths: 100_000, daysSupply: 100, priorAuthorizationNumber: '26010100001' }), contextWith()));
    expect(decision.overriddenRejectCodes).toEqual(['75', '76']);
  });
});

describe('B1: refill too soon (79)', () => {
  it('refuses a refill before 75% of the days supply, with the last fill; pays from the day it is due', () => {
    const context = contextWith();
    paid(run(commercialClaim({ dateOfService: '2026-10-01' }), context));
    // 75% of 30 days is 22.5: the refill is due on day 23, 2026-10-24.
    const early = run(commercialClaim({ fillNumber: 1, dateOfService: '2026-10-23' }), context);
    expect(early).toMatchObject({
      kind: 'rejected',
      rejectCodes: ['79'],
      previousFill: { rxNumber: '1000123', dateOfService: '2026-10-01', quantityThousandths: 30_000, daysSupply: 30, nextFillDate: '2026-10-24' },
      message: 'Refill too soon: last filled 2026-10-01 (30 for 30 days); Demo Commercial Rx pays from 2026-10-24.',
      changes: {},
    });
    expect(paid(run(commercialClaim({ fillNumber: 1, dateOfService: '2026-10-24' }), context)).authorizationNumber).toBe('999001000000002');
  });

  it('counts another prescription of the same drug (any package), not another drug', () => {
    const context = contextWith();
    run(commercialClaim({ dateOfService: '2026-11-01' }), context);
    expect(rejectsOf(adjudicate(commercialClaim({ rxNumber: '1000200', ndc11: '00378212305', dateOfService: '2026-11-10' }), context))).toEqual(['79']);
    expect(adjudicate(commercialClaim({ rxNumber: '1000201', ndc11: '68180051301', dateOfService: '2026-11-10' }), context).kind).toBe('paid');
  });

  it('uses each plan\'s threshold: Part D 80%, Medicaid 85%', () => {
    const partD = commercialClaim({ bin: '999002', pcn: 'DEMOPDP', groupId: 'DEMOPD01', cardholderId: 'DEMO000201', dateOfBirth: '1948-03-14' });
    const context = contextWith();
    run({ ...partD, dateOfService: '2026-10-01' }, context);
    // 80% of 30 days is 24: due 2026-10-25.
    const early = adjudicate({ ...partD, fillNumber: 1, dateOfService: '2026-10-24' }, context);
    expect(early.kind === 'rejected' && early.previousFill?.nextFillDate).toBe('2026-10-25');
    const medicaid = contextWith();
    run(medicaidClaim({ dateOfService: '2026-10-01' }), medicaid);
    // 85% of 30 days is 25.5: due on day 26, 2026-10-27.
    const tooSoon = adjudicate(medicaidClaim({ fillNumber: 1, dateOfService: '2026-10-26' }), medicaid);
    expect(tooSoon.kind === 'rejected' && tooSoon.previousFill?.nextFillDate).toBe('2026-10-27');
  });

  it('a vacation supply code (3) lets it through where the plan accepts it; Part D does not', () => {
    const context = contextWith();
    run(commercialClaim({ dateOfService: '2026-10-01' }), context);
    const vacation = paid(run(commercialClaim({ fillNumber: 1, dateOfService: '2026-10-10', submissionClarificationCodes: ['3'] }), context));
    expect(vacation.overriddenRejectCodes).toEqual(['79']);
    expect(vacation.message).toBe('Paid by Demo Commercial Rx: $0.00; the patient pays $4.35 (tier 3). Overrides accepted: 79 (vacation supply).');
    const partD = commercialClaim({ bin: '999002', pcn: 'DEMOPDP', groupId: 'DEMOPD01', cardholderId: 'DEMO000201', dateOfBirth: '1948-03-14' });
    const partDContext = contextWith();
    run({ ...partD, dateOfService: '2026-10-01' }, partDContext);
    expect(rejectsOf(adjudicate({ ...partD, fillNumber: 1, dateOfService: '2026-10-10', submissionClarificationCodes: ['3'] }, partDContext))).toEqual(['79']);
    expect(adjudicate({ ...partD, fillNumber: 1, dateOfService: '2026-10-10', submissionClarificationCodes: ['5'] }, partDContext).kind).toBe('paid');
  });

  it('a reversed fill no longer counts', () => {
    const context = contextWith();
    run(commercialClaim({ dateOfService: '2026-11-01' }), context);
    run({ transactionCode: 'B2', bin: '999001', pcn: 'DEMOCOM', serviceProviderId: PHARMACY, dateOfService: '2026-11-01', rxNumber: '1000123', fillNumber: 0 }, context);
    expect(adjudicate(commercialClaim({ fillNumber: 1, dateOfService: '2026-11-05' }), context).kind).toBe('paid');
  });
});

describe('B1: DUR (88)', () => {
  const ibuprofen = { rxNumber: '1000301', ndc11: '65162046650', quantityThousandths: 90_000, daysSupply: 30 };
  const naproxen = { rxNumber: '1000302', ndc11: '68462019001', quantityThousandths: 60_000, daysSupply: 30 };

  it('refuses a second NSAID while the first one lasts, with the DUR response', () => {
    const context = contextWith();
    run(commercialClaim({ ...ibuprofen, dateOfService: '2026-11-01', serviceProviderId: OTHER_PHARMACY }), context);
    const decision = run(commercialClaim({ ...naproxen, dateOfService: '2026-11-10' }), context);
    expect(decision).toMatchObject({
      kind: 'rejected',
      rejectCodes: ['88'],
      durResponses: [{
        reasonForService: 'TD', clinicalSignificance: '2', otherPharmacy: '3', previousFillDate: '2026-11-01', previousFillQuantityThousandths: 90_000,
        database: '4', freeText: 'NSAID: ibuprofen 800 mg tablet',
      }],
      message: 'DUR: therapeutic duplication with a fill of 2026-11-01. Send the DUR/PPS codes (reason, professional service, result) to override.',
    });
    // The first supply runs out on 2026-12-01: no duplication from then.
    expect(adjudicate(commercialClaim({ ...naproxen, dateOfService: '2026-12-01' }), contextWith({ history: context.history, processedOn: '2026-12-01' })).kind).toBe('paid');
  });

  it('TD with the prescriber consulted (M0) and filled with approval (1G) is paid; a result the plan does not take is not', () => {
    const context = contextWith();
    run(commercialClaim({ ...ibuprofen, dateOfService: '2026-11-01' }), context);
    const overridden = paid(adjudicate(commercialClaim({ ...naproxen, durPps: [{ reasonForService: 'TD', professionalService: 'M0', result: '1G' }] }), context));
    expect(overridden.overriddenRejectCodes).toEqual(['88']);
    expect(rejectsOf(adjudicate(commercialClaim({ ...naproxen, durPps: [{ reasonForService: 'TD', professionalService: 'M0', result: '2A' }] }), context))).toEqual(['88']);
    expect(rejectsOf(adjudicate(commercialClaim({ ...naproxen, durPps: [{ reasonForService: 'TD', result: '1G' }] }), context))).toEqual(['88']);
    expect(rejectsOf(adjudicate(commercialClaim({ ...naproxen, durPps: [{ reasonForService: 'HD', professionalService: 'M0', result: '1G' }] }), context))).toEqual(['88']);
  });

  it('refuses a high dose (meloxicam 15 mg, at most one a day) unless overridden', () => {
    const meloxicam = commercialClaim({ ndc11: '68382005101', quantityThousandths: 60_000, daysSupply: 30 });
    const decision = adjudicate(meloxicam, contextWith());
    expect(decision).toMatchObject({ rejectCodes: ['88'], durResponses: [{ reasonForService: 'HD', clinicalSignificance: '1', database: '4', freeText: 'Max 1 per day' }] });
    expect(adjudicate(commercialClaim({ ndc11: '68382005101', quantityThousandths: 30_000, daysSupply: 30 }), contextWith()).kind).toBe('paid');
    expect(adjudicate({ ...meloxicam, durPps: [{ reasonForService: 'HD', professionalService: 'R0', result: '1B' }] }, contextWith()).kind).toBe('paid');
  });

  it('lists a refill too soon and a DUR conflict together', () => {
    const context = contextWith();
    run(commercialClaim({ ...ibuprofen, dateOfService: '2026-11-01' }), context);
    run(commercialClaim({ rxNumber: '1000303', ndc11: '68382005101', quantityThousandths: 30_000, dateOfService: '2026-10-25' }), context);
    const decision = adjudicate(commercialClaim({ rxNumber: '1000304', ndc11: '68382005101', quantityThousandths: 60_000, dateOfService: '2026-11-10' }), context);
    expect(rejectsOf(decision)).toEqual(['79', '88']);
    expect(decision.kind === 'rejected' && decision.durResponses.map((response) => response.reasonForService)).toEqual(['TD', 'HD']);
  });
});

describe('duplicates, reversals and rebills', () => {
  const reversal: ReversalRequest = { transactionCode: 'B2', bin: '999001', pcn: 'DEMOCOM', serviceProviderId: PHARMACY, dateOfService: '2026-11-10', rxNumber: '1000123', fillNumber: 0 };

  it('the same claim again is a duplicate of the paid one (D), another for the same fill is 83', () => {
    const context = contextWith();
    const first = paid(run(commercialClaim(), context));
    const again = run(commercialClaim(), context);
    expect(again).toEqual({
      kind: 'duplicate-of-paid', responseStatus: 'D', transactionCode: 'B1', authorizationNumber: first.authorizationNumber, pricing: first.pricing,
      message: 'Duplicate of the claim paid on 2026-11-20 (999001000000001).', changes: {},
    });
    const other = adjudicate(commercialClaim({ quantityThousandths: 60_000, daysSupply: 60 }), context);
    expect(rejectsOf(other)).toEqual(['83']);
    expect(other.message).toBe('Rx 1000123 fill 0 was already paid for 2026-11-10 (999001000000001); reverse it before billing it again, or rebill it (B3).');
    expect(context.history.size).toBe(1);
  });

  it('B2 reverses the paid claim (A); again it is a duplicate of approved (S); then the fill can be billed again', () => {
    const context = contextWith({ processedOn: '2026-11-20' });
    run(commercialClaim(), context);
    expect(run(reversal, context)).toEqual({
      kind: 'reversed', responseStatus: 'A', transactionCode: 'B2', authorizationNumber: '999001000000001',
      message: 'Reversed: the claim for Rx 1000123 fill 0 on 2026-11-10 (999001000000001, $0.00 paid) is taken back.',
      changes: { reverse: { authorizationNumber: '999001000000001', on: '2026-11-20' } },
    });
    expect(run(reversal, context)).toMatchObject({ kind: 'reversal-duplicate', responseStatus: 'S', message: 'The claim for Rx 1000123 fill 0 on 2026-11-10 was already reversed on 2026-11-20.', changes: {} });
    const rebilled = paid(run(commercialClaim(), context));
    expect(rebilled.authorizationNumber).toBe('999001000000002');
    expect(context.history.claimsOf('999001').map((claim) => [claim.authorizationNumber, claim.reversedOn])).toEqual([['999001000000001', '2026-11-20'], ['999001000000002', undefined]]);
  });

  it('B2 with nothing paid, another date of service, or another cardholder is 87', () => {
    const context = contextWith();
    expect(rejectsOf(adjudicate(reversal, context))).toEqual(['87']);
    run(commercialClaim(), context);
    const otherDate = adjudicate({ ...reversal, dateOfService: '2026-11-09' }, context);
    expect(rejectsOf(otherDate)).toEqual(['87']);
    expect(otherDate.message).toBe('Demo Commercial Rx has no paid claim for Rx 1000123 fill 0 on 2026-11-09 from this pharmacy.');
    expect(rejectsOf(adjudicate({ ...reversal, serviceProviderId: OTHER_PHARMACY }, context))).toEqual(['87']);
    expect(rejectsOf(adjudicate({ ...reversal, cardholderId: 'DEMO000102' }, context))).toEqual(['87']);
    expect(adjudicate({ ...reversal, cardholderId: 'demo000104' }, context).kind).toBe('reversed');
  });

  it('B3 reverses the paid claim and pays the new one in one step', () => {
    const context = contextWith();
    run(commercialClaim(), context);
    const rebill = run(commercialClaim({ transactionCode: 'B3', quantityThousandths: 60_000, daysSupply: 60 }), context);
    expect(paid(rebill).changes.reverse).toEqual({ authorizationNumber: '999001000000001', on: '2026-11-20' });
    expect(context.history.paid({ bin: '999001', pcn: 'DEMOCOM', serviceProviderId: PHARMACY, rxNumber: '1000123', fillNumber: 0 })).toMatchObject({ authorizationNumber: '999001000000002', quantityThousandths: 60_000 });
    expect(context.history.claimsOf('999001')[0]!.reversedOn).toBe('2026-11-20');
  });

  it('a B3 the plan rejects leaves the paid claim paid; a B3 with nothing paid is 87', () => {
    const context = contextWith();
    run(commercialClaim(), context);
    expect(rejectsOf(run(commercialClaim({ transactionCode: 'B3', quantityThousandths: 91_000, daysSupply: 91 }), context))).toEqual(['76']);
    expect(context.history.paid({ bin: '999001', pcn: 'DEMOCOM', serviceProviderId: PHARMACY, rxNumber: '1000123', fillNumber: 0 })?.authorizationNumber).toBe('999001000000001');
    const nothing = adjudicate(commercialClaim({ transactionCode: 'B3', rxNumber: '1000999' }), context);
    expect(rejectsOf(nothing)).toEqual(['87']);
    expect(nothing.message).toBe('Demo Commercial Rx has no paid claim for Rx 1000999 fill 0 on 2026-11-10 to rebill.');
  });

  it('a B3 is not refused as too soon after the fill it replaces', () => {
    const context = contextWith();
    run(commercialClaim(), context);
    expect(run(commercialClaim({ transactionCode: 'B3', submitted: { ingredientCostCents: 4_000, dispensingFeeCents: 200, usualAndCustomaryCents: 5_999, grossAmountDueCents: 4_200 } }), context).kind).toBe('paid');
  });
});

describe('coordination of benefits', () => {
  // Dolores Fairbanks: Demo Part D first, Demo Medicaid second. Atorvastatin at NADAC $0.08: 30 × $0.08 = $2.40 + $10.49.
  const secondary = medicaidClaim({ cardholderId: 'DEMO000303', dateOfBirth: '1955-12-28', submitted: { ingredientCostCents: 4_500, dispensingFeeCents: 200, usualAndCustomaryCents: 5_999, grossAmountDueCents: 4_700 } });
  const prices = () => ({ nadacUnitMillicents: 8_000 });

  it('a secondary-only member\'s claim without the primary payer\'s amounts is 41', () => {
    const decision = adjudicate(secondary, contextWith({ drugPrices: prices }));
    expect(rejectsOf(decision)).toEqual(['41']);
    expect(decision.message).toBe('Bill Demo Part D (BIN 999002) first: Demo Medicaid pays after it. Send this claim with the other payer\'s amounts (COB).');
  });

  it('pays what is left of the patient\'s responsibility, up to its allowed amount less the primary\'s payment', () => {
    // Allowed $12.89; the primary paid $10.00 and left $5.00: at most $2.89 remains; the $1.00 copay comes out of it.
    const decision = paid(adjudicate({ ...secondary, otherCoverageCode: '2', otherPayers: [{ paidCents: 1_000, patientResponsibilityCents: 500 }] }, contextWith({ drugPrices: prices })));
    expect(decision.pricing).toEqual({ ingredientCostPaidCents: 240, dispensingFeePaidCents: 1_049, patientPayCents: 100, totalPaidCents: 189, basisOfReimbursement: '07', otherPayerAmountRecognizedCents: 1_000 });
    expect(decision.changes.record?.coordination).toBe('secondary');
    // The primary left $1.50: the plan pays $0.50 of it and the patient the $1.00 copay.
    const small = paid(adjudicate({ ...secondary, otherCoverageCode: '2', otherPayers: [{ paidCents: 200, patientResponsibilityCents: 150 }] }, contextWith({ drugPrices: prices })));
    expect([small.pricing.totalPaidCents, small.pricing.patientPayCents]).toEqual([50, 100]);
    // The primary paid more than this plan allows: nothing left to pay.
    const none = paid(adjudicate({ ...secondary, otherCoverageCode: '2', otherPayers: [{ paidCents: 1_400, patientResponsibilityCents: 300 }] }, contextWith({ drugPrices: prices })));
    expect([none.pricing.totalPaidCents, none.pricing.patientPayCents]).toEqual([0, 0]);
  });

  it('without the patient responsibility, what is left is the gross amount due less the other payments', () => {
    const tier6 = { drugPrices: prices, formulary: () => ({ covered: true, tier: 6, priorAuthorizationRequired: false }) };
    // $47.00 − $10.00 = $37.00 left; the plan allows $12.89 − $10.00 = $2.89 of it; tier 6 has no copay.
    const large = paid(adjudicate({ ...secondary, otherCoverageCode: '2', otherPayers: [{ paidCents: 1_000 }] }, contextWith(tier6)));
    expect([large.pricing.totalPaidCents, large.pricing.patientPayCents]).toEqual([289, 0]);
    // $11.00 − $10.00 = $1.00 left, within the $2.89.
    const small = paid(adjudicate({ ...secondary, submitted: { ...secondary.submitted, grossAmountDueCents: 1_100 }, otherCoverageCode: '2', otherPayers: [{ paidCents: 1_000 }] }, contextWith(tier6)));
    expect([small.pricing.totalPaidCents, small.pricing.patientPayCents]).toEqual([100, 0]);
  });

  it('code 8 bills the patient\'s share; code 3 (the primary does not cover it) pays as primary', () => {
    const share = paid(adjudicate({ ...secondary, otherCoverageCode: '8', otherPayers: [{ paidCents: 0, patientResponsibilityCents: 700 }] }, contextWith({ drugPrices: prices })));
    expect([share.pricing.totalPaidCents, share.pricing.patientPayCents]).toEqual([600, 100]);
    const notCovered = paid(adjudicate({ ...secondary, otherCoverageCode: '3', otherPayers: [] }, contextWith({ drugPrices: prices })));
    expect(notCovered.pricing).toEqual({ ingredientCostPaidCents: 240, dispensingFeePaidCents: 1_049, patientPayCents: 100, totalPaidCents: 1_189, basisOfReimbursement: '07' });
  });

  it('code 2 without what the other plan paid, or 8 without the patient\'s share, is DV', () => {
    expect(rejectsOf(adjudicate({ ...secondary, otherCoverageCode: '2' }, contextWith()))).toEqual(['DV']);
    expect(rejectsOf(adjudicate({ ...secondary, otherCoverageCode: '8', otherPayers: [{ paidCents: 0 }] }, contextWith()))).toEqual(['DV']);
  });

  it('a primary plan billed with another payer\'s amounts pays as secondary', () => {
    const decision = paid(adjudicate(commercialClaim({ otherCoverageCode: '2', otherPayers: [{ paidCents: 200, patientResponsibilityCents: 300 }] }), contextWith()));
    // Allowed $4.35 (MAC); $4.35 − $2.00 = $2.35 under the $3.00 left; the tier 3 copay takes it all.
    expect(decision.pricing).toMatchObject({ totalPaidCents: 0, patientPayCents: 235, otherPayerAmountRecognizedCents: 200 });
  });
});

describe('the claim\'s own fields (M/I)', () => {
  it('lists every malformed field at once', () => {
    const decision = adjudicate(commercialClaim({ rxNumber: 'RX1', fillNumber: 100, ndc11: '0037821237', quantityThousandths: 0, daysSupply: 0 }), contextWith());
    expect(rejectsOf(decision)).toEqual(['16', '17', '21', 'E7', '19']);
    expect(decision.message).toBe(
      'The Rx number "RX1" must be 1 to 12 digits. The fill number must be from 0 to 99; got 100. The product must be an 11-digit NDC; got "0037821237". '
      + 'The quantity dispensed must be more than 0 (in thousandths, at most 9,999,999.999). The days supply must be from 1 to 999; got 0.',
    );
  });

  it('keeps at most five reject codes, as D.0 does', () => {
    const decision = adjudicate(commercialClaim({ rxNumber: 'RX1', fillNumber: -1, ndc11: 'X', quantityThousandths: 0.5, daysSupply: 1000, submissionClarificationCodes: ['123'] }), contextWith());
    expect(rejectsOf(decision)).toEqual(['16', '17', '21', 'E7', '19']);
  });

  it.each([
    ['a negative ingredient cost', { submitted: { ingredientCostCents: -1, dispensingFeeCents: 0, usualAndCustomaryCents: 0, grossAmountDueCents: 0 } }, ['23']],
    ['fractions of a cent', { submitted: { ingredientCostCents: 1, dispensingFeeCents: 1.5, usualAndCustomaryCents: 100_000_000, grossAmountDueCents: 1 } }, ['DC', 'DQ']],
    ['four clarification codes', { submissionClarificationCodes: ['1', '2', '3', '4'] }, ['34']],
    ['other coverage code 9', { otherCoverageCode: '9' }, ['13']],
    ['a negative other payer amount', { otherPayers: [{ paidCents: -5 }] }, ['DV']],
  ])('rejects %s', (_name, overrides, codes) => {
    expect(rejectsOf(adjudicate(commercialClaim(overrides as Partial<BillingRequest>), contextWith()))).toEqual(codes);
  });
});
