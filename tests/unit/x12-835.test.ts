/**
 * The 835 Health Care Claim Payment/Advice (shared/src/billing/remittance-835.ts): a hand-written 005010X221A1
 * interchange (':' as component separator, LF after each terminator) with two payments — an ACH payment with a
 * short-paid claim (CO-45 and PR-3 on its line), a denied claim (CLP02 4), a reversal (22) and its correction, and
 * provider adjustments (WO, L6) — and a check; the guide's balancing rules; the builder's segments and round trip;
 * every error naming its segment.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type RemittanceAdvice, type RemittanceInput, build835, parse835, patientControlNumberFor, remittanceTransactionSet, rxFillOf,
} from '../../shared/src/billing/remittance-835.ts';
import { X12BuildError } from '../../shared/src/inventory/x12/x12-values.ts';

const fixture = readFileSync(new URL('../fixtures/x12/remittance-835.x12', import.meta.url), 'utf8');

/** The fixture with `from` replaced by `to` (which must occur once), and any SE count left as written. */
function altered(from: string, to: string): string {
  expect(fixture.split(from)).toHaveLength(2);
  return fixture.replace(from, to);
}

function remittancesOf(text: string) {
  const result = parse835(text);
  if (!result.ok) throw new Error(result.error);
  return result.file.remittances;
}

function firstAdvice(text: string): RemittanceAdvice {
  const [first] = remittancesOf(text);
  if (first?.kind !== '835') throw new Error(first?.kind === 'invalid' ? first.error : 'no remittance');
  return first;
}

function setError(text: string): string {
  const [first] = remittancesOf(text);
  if (first?.kind !== 'invalid') throw new Error('expected the first set to be invalid');
  return first.error;
}

function withoutRaw({ raw: _raw, ...rest }: RemittanceAdvice) {
  return rest;
}

const payer = {
  name: 'DEMO COMMERCIAL RX',
  payerId: '999001',
  address: { lines: ['PO BOX 9001'], city: 'SPRINGFIELD', state: 'IL', postalCode: '627019001' },
};
const payee = {
  name: 'MAIN STREET PHARMACY',
  npi: '1234567893',
  taxId: '371234567',
  ncpdpId: '1234567',
  address: { lines: ['100 MAIN ST'], city: 'SPRINGFIELD', state: 'IL', postalCode: '62701' },
};

describe('parse835: the hand-written remittance', () => {
  it('reads the envelope of a 005010 interchange and both payments', () => {
    const result = parse835(fixture);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { remittances, ...header } = result.file;
    expect(header).toEqual({
      controlNumber: 701,
      sender: { qualifier: 'ZZ', id: '999001PBM' },
      receiver: { qualifier: 'ZZ', id: 'PHARMACY001' },
      date: '2026-12-01',
      time: '09:30',
      usage: 'T',
    });
    expect(remittances.map((remittance) => [remittance.kind, remittance.controlNumber, remittance.groupControlNumber])).toEqual([['835', '0001', 701], ['835', '0002', 701]]);
  });

  it('reads the ACH payment: BPR, TRN, payer and payee, four claims and the PLB, and it balances', () => {
    const advice = firstAdvice(fixture);
    expect(advice.raw.startsWith('ST*835*0001*005010X221A1~\nBPR*I*42.55*C*ACH')).toBe(true);
    expect(advice.raw.endsWith('PLB*1234567893*20261231*WO:1000555-00*12.5*L6*-0.75~\nSE*42*0001~')).toBe(true);
    expect(withoutRaw(advice)).toEqual({
      kind: '835',
      controlNumber: '0001',
      groupControlNumber: 701,
      payment: {
        handlingCode: 'I',
        amountCents: 4255,
        creditDebit: 'C',
        method: 'ACH',
        format: 'CCP',
        payerAccount: { dfiQualifier: '01', dfiNumber: '999999992', accountQualifier: 'DA', accountNumber: '123456789' },
        originatingCompanyId: '1999001001',
        payeeAccount: { dfiQualifier: '01', dfiNumber: '999999993', accountQualifier: 'DA', accountNumber: '4455667788' },
        date: '2026-12-01',
      },
      trace: { typeCode: '1', traceNumber: '0012345678', originatorId: '1999001001' },
      productionDate: '2026-11-30',
      payer,
      payee,
      claims: [
        {
          headerNumber: 1,
          patientControlNumber: '1000123-02',
          rxNumber: 1000123,
          fillNumber: 2,
          statusCode: '1',
          chargeCents: 8500,
          paidCents: 5230,
          patientResponsibilityCents: 1000,
          filingIndicator: 'CI',
          payerClaimControlNumber: 'PBM2611100001',
          patient: { lastName: 'JACKSON', firstName: 'TYRONE', memberId: 'DEMO000104' },
          adjustments: [],
          statementFrom: '2026-11-10',
          statementTo: '2026-11-10',
          receivedDate: '2026-11-10',
          serviceLines: [{
            productQualifier: 'N4',
            productId: '00378212377',
            ndc11: '00378212377',
            chargeCents: 8500,
            paidCents: 5230,
            unitsPaidThousandths: 30_000,
            serviceDate: '2026-11-10',
            adjustments: [{ group: 'CO', reasonCode: '45', amountCents: 2270 }, { group: 'PR', reasonCode: '3', amountCents: 1000 }],
            lineControlNumber: '0001',
            allowedCents: 6230,
          }],
        },
        {
          headerNumber: 1,
          patientControlNumber: '1000456-00',
          rxNumber: 1000456,
          fillNumber: 0,
          statusCode: '4',
          chargeCents: 58999,
          paidCents: 0,
          patientResponsibilityCents: 0,
          filingIndicator: 'CI',
          payerClaimControlNumber: 'PBM2611120007',
          patient: { lastName: 'CHEN', firstName: 'ROBERT', memberId: 'DEMO000102' },
          adjustments: [{ group: 'CO', reasonCode: '197', amountCents: 58999 }],
          receivedDate: '2026-11-12',
          serviceLines: [],
        },
        {
          headerNumber: 1,
          patientControlNumber: '1000789-01',
          rxNumber: 1000789,
          fillNumber: 1,
          statusCode: '22',
          chargeCents: -4000,
          paidCents: -2850,
          patientResponsibilityCents: -500,
          filingIndicator: 'CI',
          payerClaimControlNumber: 'PBM2610280003',
          patient: { lastName: 'OKAFOR', firstName: 'LINDA', memberId: 'DEMO000107' },
          adjustments: [{ group: 'CO', reasonCode: '45', amountCents: -650 }, { group: 'PR', reasonCode: '3', amountCents: -500 }],
          receivedDate: '2026-10-28',
          serviceLines: [],
        },
        {
          headerNumber: 1,
          patientControlNumber: '1000789-01',
          rxNumber: 1000789,
          fillNumber: 1,
          statusCode: '1',
          chargeCents: 4000,
          paidCents: 3050,
          patientResponsibilityCents: 500,
          filingIndicator: 'CI',
          payerClaimControlNumber: 'PBM2611150004',
          patient: { lastName: 'OKAFOR', firstName: 'LINDA', memberId: 'DEMO000107' },
          adjustments: [
            { group: 'PR', reasonCode: '1', amountCents: 200 },
            { group: 'PR', reasonCode: '3', amountCents: 300 },
            { group: 'CO', reasonCode: '45', amountCents: 450 },
          ],
          receivedDate: '2026-11-15',
          serviceLines: [],
        },
      ],
      providerAdjustments: [
        { providerId: '1234567893', fiscalPeriodDate: '2026-12-31', reasonCode: 'WO', reference: '1000555-00', amountCents: 1250 },
        { providerId: '1234567893', fiscalPeriodDate: '2026-12-31', reasonCode: 'L6', amountCents: -75 },
      ],
      balanceProblems: [],
    });
  });

  it('reads the check payment: BPR with only the method and date, a minimal payer and payee', () => {
    const second = remittancesOf(fixture)[1];
    expect(second?.kind).toBe('835');
    if (second?.kind !== '835') return;
    expect(second.payment).toEqual({ handlingCode: 'C', amountCents: 1825, creditDebit: 'C', method: 'CHK', date: '2026-12-01' });
    expect(second.trace.traceNumber).toBe('100234');
    expect(second.payer).toEqual({ name: 'DEMO COMMERCIAL RX' });
    expect(second.payee).toEqual({ name: 'MAIN STREET PHARMACY', npi: '1234567893' });
    expect(second.claims.map((claim) => [claim.patientControlNumber, claim.paidCents, claim.serviceLines[0]?.ndc11, claim.serviceLines[0]?.unitsPaidThousandths])).toEqual([
      ['1000900-00', 1825, '65862001701', 21_000],
    ]);
    expect(second.providerAdjustments).toEqual([]);
    expect(second.balanceProblems).toEqual([]);
  });
});

describe('the balancing rules', () => {
  it('a payment that is not the claims less the provider adjustments', () => {
    expect(firstAdvice(altered('BPR*I*42.55*', 'BPR*I*42.50*')).balanceProblems).toEqual([
      'The payment of $42.50 is not the claims\' payments less the provider adjustments, $42.55.',
    ]);
  });

  it('a line whose adjustments do not explain its short payment, which the claim shows too', () => {
    expect(firstAdvice(altered('CAS*CO*45*22.7~', 'CAS*CO*45*22.6~')).balanceProblems).toEqual([
      'Claim 1000123-02: charge $85.00 minus paid $52.30 is $32.70, but its adjustments add up to $32.60.',
      'Claim 1000123-02, line 1: charge $85.00 minus paid $52.30 is $32.70, but its adjustments add up to $32.60.',
    ]);
  });

  it('a claim paying other than its lines', () => {
    expect(firstAdvice(altered('SVC*N4:00378212377*85*52.3**30~', 'SVC*N4:00378212377*85*50.3**30~')).balanceProblems).toEqual([
      'Claim 1000123-02: its service lines pay $50.30, but the claim pays $52.30.',
      'Claim 1000123-02, line 1: charge $85.00 minus paid $50.30 is $34.70, but its adjustments add up to $32.70.',
    ]);
  });

  it('a debit: BPR03 D means the payee owes the amount', () => {
    const text = altered('BPR*I*42.55*C*', 'BPR*I*42.55*D*');
    expect(firstAdvice(text).balanceProblems).toEqual(['The payment of -$42.55 is not the claims\' payments less the provider adjustments, $42.55.']);
  });
});

describe('the patient control number', () => {
  it('"Rx number-fill number" gives both; anything else gives neither', () => {
    expect(rxFillOf('1000123-02')).toEqual({ rxNumber: 1000123, fillNumber: 2 });
    expect(rxFillOf('7-0')).toEqual({ rxNumber: 7, fillNumber: 0 });
    expect(rxFillOf('ABC-01')).toBeUndefined();
    expect(rxFillOf('1000123-123')).toBeUndefined();
    expect(rxFillOf('-01')).toBeUndefined();
    expect(rxFillOf('1000123')).toBeUndefined();
    expect(patientControlNumberFor(1000123, 2)).toBe('1000123-02');
    expect(() => patientControlNumberFor(1000123, 100)).toThrow(X12BuildError);
    const advice = firstAdvice(altered('CLP*1000456-00*', 'CLP*RX1000456*'));
    expect(advice.claims[1]).not.toHaveProperty('rxNumber');
    expect(advice.claims[1]!.patientControlNumber).toBe('RX1000456');
  });
});

describe('parse835: what cannot be read', () => {
  it('passes on the envelope\'s error', () => {
    const result = parse835(altered('SE*42*0001', 'SE*41*0001'));
    expect(result).toEqual({ ok: false, error: 'The X12 interchange cannot be read: the SE segment (segment 44) counts 41 segments, but transaction set 0001 has 42 (ST to SE).' });
  });

  it('refuses a group that is not HP, and another version', () => {
    expect(parse835(altered('GS*HP*', 'GS*HC*'))).toEqual({ ok: false, error: 'The remittance (835) file cannot be read: group 701 holds HC documents, not health care claim payments (HP).' });
    expect(parse835(altered('*701*X*005010X221A1~', '*701*X*004010~'))).toEqual({ ok: false, error: 'The remittance (835) file cannot be read: group 701 is X12 version "004010"; only 005010X221A1 is read.' });
    expect(parse835(altered('*701*X*005010X221A1~', '*701*X*005010X221~')).ok).toBe(true);
  });

  it('reads the other sets when one is invalid', () => {
    const remittances = remittancesOf(altered('CLP*1000456-00*4*', 'CLP*1000456-00*9*'));
    expect(remittances.map((remittance) => remittance.kind)).toEqual(['invalid', '835']);
    expect(remittances[0]).toMatchObject({ id: '835', controlNumber: '0001', groupControlNumber: 701 });
  });

  it('never throws: every truncation, and every segment emptied of its elements, is an answer', () => {
    for (let end = 0; end <= fixture.length; end += 7) expect(() => parse835(fixture.slice(0, end))).not.toThrow();
    const segments = fixture.split('~\n');
    segments.forEach((segment, index) => {
      const tag = segment.slice(0, segment.indexOf('*'));
      const emptied = [...segments.slice(0, index), tag, ...segments.slice(index + 1)].join('~\n');
      expect(() => parse835(emptied)).not.toThrow();
    });
  });

  it.each([
    ['a claim status not in the guide', ['CLP*1000456-00*4*', 'CLP*1000456-00*9*'], 'The CLP segment (segment 29) has claim status code "9"; expected one of 1, 2, 3, 4, 19, 20, 21, 22, 23, 25.'],
    ['an adjustment group removed in 005010 (CR)', ['CAS*CO*197*', 'CAS*CR*197*'], 'The CAS segment (segment 30) has adjustment group code "CR"; expected one of CO, OA, PI, PR.'],
    ['an amount with 3 decimals', ['CAS*CO*197*589.99~', 'CAS*CO*197*589.995~'], 'The amount of adjustment 1 in the CAS segment (segment 30) "589.995" has more than 2 decimals: amounts are in whole cents.'],
    ['an amount that is not a number', ['CLP*1000123-02*1*85*', 'CLP*1000123-02*1*8S*'], 'The total claim charge in the CLP segment (segment 18) "8S" is not a decimal number.'],
    ['seven adjustments in one CAS', ['CAS*CO*197*589.99~', `CAS*CO*${'1*1**'.repeat(7)}~`], 'The CAS segment (segment 30) has more than 6 adjustments.'],
    ['a reason code without its amount', ['CAS*CO*197*589.99~', 'CAS*CO*197~'], 'The CAS segment (segment 30) has reason code 197 without its amount.'],
    ['an NDC that is not one', ['SVC*N4:00378212377*', 'SVC*N4:0037821237*'], 'NDC'],
    ['a service line without its product', ['SVC*N4:00378212377*', 'SVC**'], 'The SVC segment (segment 23) does not identify its product (SVC01: qualifier and code, e.g. N4 and the NDC).'],
    ['a payment date that is not a date', ['*4455667788*20261201~', '*4455667788*20261301~'], 'The payment date (BPR16) in the BPR segment (segment 4) "20261301" is not a calendar date.'],
    ['a negative payment', ['BPR*I*42.55*', 'BPR*I*-42.55*'], 'The total payment amount in the BPR segment (segment 4) is negative; a debit is said with D in BPR03.'],
    ['a payment method not in the guide', ['*C*ACH*CCP*', '*C*EFT*CCP*'], 'The BPR segment (segment 4) has payment method "EFT"; expected one of ACH, BOP, CHK, FWT, NON.'],
    ['half a bank account', ['*01*999999992*DA*123456789*', '*01*999999992***'], 'The BPR segment (segment 4) gives only part of a bank account (BPR06 to BPR09 go together).'],
    ['no BPR first', ['BPR*I*42.55*C*ACH*CCP*01*999999992*DA*123456789*1999001001**01*999999993*DA*4455667788*20261201~\nTRN*1*0012345678*1999001001~', 'TRN*1*0012345678*1999001001~\nBPR*I*42.55*C*ACH*CCP*01*999999992*DA*123456789*1999001001**01*999999993*DA*4455667788*20261201~'], 'The remittance (835) does not start with its payment (BPR).'],
    ['no trace number', ['TRN*1*0012345678*1999001001~', 'REF*EV*PHARMACY001~'], 'The remittance (835) has claims (LX segment (segment 17)) before its trace number (TRN).'],
    ['no payee', ['N1*PE*MAIN STREET PHARMACY*XX*1234567893~\nN3*100 MAIN ST~\nN4*SPRINGFIELD*IL*62701~\nREF*TJ*371234567~\nREF*D3*1234567~', 'REF*EV*1~\nREF*EV*2~\nREF*EV*3~\nREF*EV*4~\nREF*EV*5~'], 'The remittance (835) does not name its payee (N1*PE).'],
    ['another entity in N1', ['N1*PE*MAIN STREET PHARMACY*XX*1234567893~\nN3', 'N1*BE*MAIN STREET PHARMACY*XX*1234567893~\nN3'], 'The N1 segment (segment 12) has entity code "BE"; an 835 names its payer (PR) and payee (PE).'],
    ['a payee identifier type without the identifier', ['N1*PE*MAIN STREET PHARMACY*XX*1234567893~\nN3', 'N1*PE*MAIN STREET PHARMACY*XX~\nN3'], 'The N1 segment (segment 12) names identifier type XX but gives no identifier (N104).'],
    ['a claim outside an LX', ['LX*1~\nCLP*1000123-02', 'REF*EV*1~\nCLP*1000123-02'], 'The CLP segment (segment 18) is not inside a header number loop (LX).'],
    ['a claim after the PLB', ['*L6*-0.75~\nSE*42*0001~', '*L6*-0.75~\nCLP*1*1*1*1**CI~\nSE*43*0001~'], 'The CLP segment (segment 44) follows the provider adjustments (PLB), which close the remittance.'],
    ['a CAS outside a claim', ['LX*1~\nCLP*1000123-02', 'CAS*CO*45*1~\nCLP*1000123-02'], 'The CAS segment (segment 17) is out of place in the remittance (835).'],
    ['a second BPR', ['DTM*405*20261130~', 'BPR*I*1*C*NON************20261201~'], 'The BPR segment (segment 6) is a second payment; each 835 carries one.'],
    ['a PLB amount without its reason', ['*WO:1000555-00*12.5*L6*-0.75~', '*WO:1000555-00*12.5**-0.75~'], 'The PLB segment (segment 43) has an amount without its adjustment reason code.'],
    ['a PLB reason without its amount', ['*WO:1000555-00*12.5*L6*-0.75~', '*WO:1000555-00*12.5*L6~'], 'The PLB segment (segment 43) has adjustment L6 without its amount.'],
    ['a PLB fiscal period that is not a date', ['PLB*1234567893*20261231*', 'PLB*1234567893*2026*'], 'The fiscal period date in the PLB segment (segment 43) "2026" is not a date (CCYYMMDD).'],
    ['an address without its city line', ['N4*SPRINGFIELD*IL*627019001~', 'PER*IC*WEB*UR*EXAMPLE.COM~'], 'The N3 segment (segment 8) needs its N4 segment: an address has both.'],
    ['units paid with 4 decimals', ['*85*52.3**30~', '*85*52.3**30.0001~'], 'The units paid in the SVC segment (segment 23) "30.0001" has more than 3 decimals.'],
    // Every value the remittance tables keep is bounded here, so a long one refuses its set rather than the database.
    ['a trace number longer than 50', ['TRN*1*0012345678*1999001001~', `TRN*1*${'9'.repeat(51)}*1999001001~`], 'The check or EFT trace number in the TRN segment (segment 5) is longer than 50 characters.'],
    ['an originating company id longer than 10', ['TRN*1*0012345678*1999001001~', 'TRN*1*0012345678*19990010012~'], 'The originating company identifier in the TRN segment (segment 5) is longer than 10 characters.'],
    ['a payer name longer than 60', ['N1*PR*DEMO COMMERCIAL RX~\nN3*PO', `N1*PR*${'P'.repeat(61)}~\nN3*PO`], 'The payer name in the N1 segment (segment 7) is longer than 60 characters.'],
    ['a payer id longer than 50', ['REF*2U*999001~', `REF*2U*${'9'.repeat(51)}~`], 'The 2U reference in the REF segment (segment 10) is longer than 50 characters.'],
    ['a patient control number longer than 38', ['CLP*1000123-02*1*85*', `CLP*${'1'.repeat(39)}*1*85*`], 'The patient control number in the CLP segment (segment 18) is longer than 38 characters.'],
    ['a payer claim number longer than 50', ['*CI*PBM2611100001~', `*CI*${'P'.repeat(51)}~`], 'The payer claim control number in the CLP segment (segment 18) is longer than 50 characters.'],
    ['a PLB reason longer than 2', ['*WO:1000555-00*12.5*L6*-0.75~', '*WOX:1000555-00*12.5*L6*-0.75~'], 'The adjustment reason code in the PLB segment (segment 43) is longer than 2 characters.'],
    ['a PLB reference longer than 50', ['*WO:1000555-00*12.5*L6*-0.75~', `*WO:${'1'.repeat(51)}*12.5*L6*-0.75~`], 'The reference of adjustment WO in the PLB segment (segment 43) is longer than 50 characters.'],
    ['a CAS reason longer than 5', ['CAS*CO*197*589.99~', 'CAS*CO*197197*589.99~'], 'The reason code of adjustment 1 in the CAS segment (segment 30) is longer than 5 characters.'],
  ])('%s', (_name, [from, to], message) => {
    expect(setError(altered(from!, to!))).toContain(message);
  });
});

const remittance: RemittanceInput = {
  payment: {
    method: 'ACH',
    format: 'CCP',
    payerAccount: { dfiQualifier: '01', dfiNumber: '999999992', accountQualifier: 'DA', accountNumber: '123456789' },
    originatingCompanyId: '1999001001',
    payeeAccount: { dfiQualifier: '01', dfiNumber: '999999993', accountQualifier: 'DA', accountNumber: '4455667788' },
    date: '2026-12-01',
  },
  trace: { typeCode: '1', traceNumber: '0012345678', originatorId: '1999001001' },
  productionDate: '2026-11-30',
  payer,
  payee,
  claims: [
    {
      patientControlNumber: '1000123-02', statusCode: '1', chargeCents: 8500, paidCents: 5230, patientResponsibilityCents: 1000, filingIndicator: 'CI',
      payerClaimControlNumber: 'PBM2611100001', patient: { lastName: 'JACKSON', firstName: 'TYRONE', memberId: 'DEMO000104' },
      statementFrom: '2026-11-10', statementTo: '2026-11-10', receivedDate: '2026-11-10',
      serviceLines: [{
        ndc11: '00378212377', chargeCents: 8500, paidCents: 5230, unitsPaidThousandths: 30_000, serviceDate: '2026-11-10',
        adjustments: [{ group: 'CO', reasonCode: '45', amountCents: 2270 }, { group: 'PR', reasonCode: '3', amountCents: 1000 }], lineControlNumber: '0001', allowedCents: 6230,
      }],
    },
    {
      patientControlNumber: '1000456-00', statusCode: '4', chargeCents: 58999, paidCents: 0, patientResponsibilityCents: 0, filingIndicator: 'CI',
      payerClaimControlNumber: 'PBM2611120007', adjustments: [{ group: 'CO', reasonCode: '197', amountCents: 58999 }],
      patient: { lastName: 'CHEN', firstName: 'ROBERT', memberId: 'DEMO000102' }, receivedDate: '2026-11-12',
    },
    {
      patientControlNumber: '1000789-01', statusCode: '22', chargeCents: -4000, paidCents: -2850, patientResponsibilityCents: -500, filingIndicator: 'CI',
      payerClaimControlNumber: 'PBM2610280003', adjustments: [{ group: 'CO', reasonCode: '45', amountCents: -650 }, { group: 'PR', reasonCode: '3', amountCents: -500 }],
      patient: { lastName: 'OKAFOR', firstName: 'LINDA', memberId: 'DEMO000107' }, receivedDate: '2026-10-28',
    },
    {
      patientControlNumber: '1000789-01', statusCode: '1', chargeCents: 4000, paidCents: 3050, patientResponsibilityCents: 500, filingIndicator: 'CI',
      payerClaimControlNumber: 'PBM2611150004',
      adjustments: [{ group: 'PR', reasonCode: '1', amountCents: 200 }, { group: 'PR', reasonCode: '3', amountCents: 300 }, { group: 'CO', reasonCode: '45', amountCents: 450 }],
      patient: { lastName: 'OKAFOR', firstName: 'LINDA', memberId: 'DEMO000107' }, receivedDate: '2026-11-15',
    },
  ],
  providerAdjustments: [
    { providerId: '1234567893', fiscalPeriodDate: '2026-12-31', reasonCode: 'WO', reference: '1000555-00', amountCents: 1250 },
    { providerId: '1234567893', fiscalPeriodDate: '2026-12-31', reasonCode: 'L6', amountCents: -75 },
  ],
};

const header = {
  sender: { qualifier: 'ZZ', id: '999001PBM' },
  receiver: { qualifier: 'ZZ', id: 'PHARMACY001' },
  controlNumber: 701,
  groupControlNumber: 701,
  createdAt: new Date('2026-12-01T15:30:00Z'),
  timeZone: 'America/Chicago',
  usage: 'T' as const,
};

describe('build835', () => {
  it('writes a 005010 envelope: ISA11 the repetition separator, ISA12 00501, GS08 and ST03 the guide', () => {
    const text = build835({ ...header, remittances: [remittance] });
    expect(text.slice(0, 106)).toBe('ISA*00*          *00*          *ZZ*999001PBM      *ZZ*PHARMACY001    *261201*0930*^*00501*000000701*0*T*>~');
    expect(text).toContain('~GS*HP*999001PBM*PHARMACY001*20261201*0930*701*X*005010X221A1~ST*835*0001*005010X221A1~');
    expect(text.endsWith('~SE*41*0001~GE*1*701~IEA*1*000000701~')).toBe(true);
  });

  it('writes the segments of the guide, trailing zeros suppressed, the payment the claims less the PLB', () => {
    const set = remittanceTransactionSet(remittance);
    expect(set.segments.map((segment) => segment.join('*').replace(/\*+$/, ''))).toEqual([
      'BPR*I*42.55*C*ACH*CCP*01*999999992*DA*123456789*1999001001**01*999999993*DA*4455667788*20261201',
      'TRN*1*0012345678*1999001001',
      'DTM*405*20261130',
      'N1*PR*DEMO COMMERCIAL RX',
      'N3*PO BOX 9001',
      'N4*SPRINGFIELD*IL*627019001',
      'REF*2U*999001',
      'N1*PE*MAIN STREET PHARMACY*XX*1234567893',
      'N3*100 MAIN ST',
      'N4*SPRINGFIELD*IL*62701',
      'REF*TJ*371234567',
      'REF*D3*1234567',
      'LX*1',
      'CLP*1000123-02*1*85*52.3*10*CI*PBM2611100001',
      'NM1*QC*1*JACKSON*TYRONE****MI*DEMO000104',
      'DTM*232*20261110',
      'DTM*233*20261110',
      'DTM*050*20261110',
      'SVC*N4>00378212377*85*52.3**30',
      'DTM*472*20261110',
      'CAS*CO*45*22.7',
      'CAS*PR*3*10',
      'REF*6R*0001',
      'AMT*B6*62.3',
      'CLP*1000456-00*4*589.99*0*0*CI*PBM2611120007',
      'CAS*CO*197*589.99',
      'NM1*QC*1*CHEN*ROBERT****MI*DEMO000102',
      'DTM*050*20261112',
      'CLP*1000789-01*22*-40*-28.5*-5*CI*PBM2610280003',
      'CAS*CO*45*-6.5',
      'CAS*PR*3*-5',
      'NM1*QC*1*OKAFOR*LINDA****MI*DEMO000107',
      'DTM*050*20261028',
      'CLP*1000789-01*1*40*30.5*5*CI*PBM2611150004',
      'CAS*PR*1*2**3*3',
      'CAS*CO*45*4.5',
      'NM1*QC*1*OKAFOR*LINDA****MI*DEMO000107',
      'DTM*050*20261115',
      'PLB*1234567893*20261231*WO>1000555-00*12.5*L6*-0.75',
    ]);
  });

  it('round trip: what it builds reads back as the hand-written file does', () => {
    const built = firstAdvice(build835({ ...header, remittances: [remittance] }));
    expect(withoutRaw(built)).toEqual(withoutRaw(firstAdvice(fixture)));
  });

  it('a payment the provider adjustments exceed is a debit; no claims and NON is a notification', () => {
    const debit = remittanceTransactionSet({ ...remittance, claims: remittance.claims.slice(2, 3) });
    // The reversal takes back $28.50 and the PLB another $11.75.
    expect(debit.segments[0]!.slice(0, 5)).toEqual(['BPR', 'I', '40.25', 'D', 'ACH']);
    const notice = firstAdvice(build835({
      ...header,
      remittances: [{ ...remittance, payment: { method: 'NON', handlingCode: 'H', date: '2026-12-01' }, claims: remittance.claims.slice(1, 2), providerAdjustments: [] }],
    }));
    expect(notice.payment).toEqual({ handlingCode: 'H', amountCents: 0, creditDebit: 'C', method: 'NON', date: '2026-12-01' });
    expect(notice.balanceProblems).toEqual([]);
  });

  it('splits more than six adjustments of a group over CAS segments and PLBs', () => {
    const many = Array.from({ length: 7 }, (_, index) => ({ group: 'CO' as const, reasonCode: String(index + 1), amountCents: 1 }));
    const set = remittanceTransactionSet({
      ...remittance,
      claims: [{ patientControlNumber: '5-00', statusCode: '1', chargeCents: 107, paidCents: 100, filingIndicator: 'CI', adjustments: many }],
      providerAdjustments: Array.from({ length: 7 }, () => ({ providerId: '1234567893', fiscalPeriodDate: '2026-12-31', reasonCode: 'FB', amountCents: 1 })),
    });
    const tags = set.segments.map((segment) => segment.slice(0, 3).join('*'));
    expect(tags.filter((tag) => tag.startsWith('CAS'))).toEqual(['CAS*CO*1', 'CAS*CO*7']);
    expect(tags.filter((tag) => tag.startsWith('PLB'))).toHaveLength(2);
    const read = firstAdvice(build835({ ...header, remittances: [{ ...remittance, claims: [{ patientControlNumber: '5-00', statusCode: '1', chargeCents: 107, paidCents: 100, filingIndicator: 'CI', adjustments: many }] }] }));
    expect(read.claims[0]!.adjustments).toEqual(many);
  });

  it.each([
    ['no payment', () => build835({ ...header, remittances: [] }), 'A remittance file needs at least one payment.'],
    ['a status not in CLP02', () => remittanceTransactionSet({ ...remittance, claims: [{ ...remittance.claims[0]!, statusCode: '9' as '1' }] }), 'Claim 1 (1000123-02): claim status "9" is not a CLP02 code.'],
    ['an NDC of 10 digits', () => remittanceTransactionSet({ ...remittance, claims: [{ ...remittance.claims[0]!, serviceLines: [{ ndc11: '0037821237', chargeCents: 1, paidCents: 1 }] }] }), 'Claim 1 (1000123-02), line 1: the NDC must be 11 digits; got "0037821237".'],
    ['fractions of a cent', () => remittanceTransactionSet({ ...remittance, claims: [{ ...remittance.claims[0]!, paidCents: 52.3 }] }), 'Claim 1 (1000123-02): the payment of 52.3 is not a whole number of cents.'],
    ['a reserved character in an id', () => remittanceTransactionSet({ ...remittance, trace: { ...remittance.trace, traceNumber: '12*34' } }), 'The check or EFT trace number "12*34" holds a character X12 reserves'],
    ['an unknown adjustment group', () => remittanceTransactionSet({ ...remittance, claims: [{ ...remittance.claims[1]!, adjustments: [{ group: 'CR' as 'CO', reasonCode: '1', amountCents: 1 }] }] }), 'Claim 1 (1000456-00): adjustment group "CR" is not CO, OA, PI or PR.'],
  ])('refuses %s', (_name, build, message) => {
    expect(build).toThrow(X12BuildError);
    expect(build).toThrow(message);
  });
});
