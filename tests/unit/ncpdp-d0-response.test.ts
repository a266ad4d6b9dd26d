/**
 * NCPDP D.0 responses (shared/src/billing/ncpdp/d0-response.ts), byte for byte: fixtures written by hand from the
 * published layout (31-character response header; AM20 message, AM25 insurance, AM29 patient before the first
 * group separator; AM21 status, AM22 claim, AM23 pricing, AM24 DUR/PPS, AM28 other payers in each transaction).
 * A paid billing with pricing, a secondary one with the other payer amount recognized (566-J5), a refill too soon
 * (79) with the previous fill, a DUR reject (88) with two DUR repetitions, a duplicate of paid, an approved reversal, an approved eligibility with insurance, patient and
 * other payers, a transmission rejected at the header; negative amounts; round trips; every refusal.
 */
import { describe, expect, it } from 'vitest';
import { D0_MAX_BYTES } from '../../shared/src/billing/ncpdp/d0-framing.ts';
import { buildClaimResponse, type ClaimResponse, parseClaimResponse } from '../../shared/src/billing/ncpdp/d0-response.ts';
import { D0BuildError } from '../../shared/src/billing/ncpdp/d0-values.ts';

function ascii(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

// Header: 102-A2 "D0", 103-A3 code, 109-A9 count, 501-F1 status, 202-B2 qualifier, 201-B1 provider id (15), 401-D1.
const header = (code: string, status = 'A', count = '1') => `D0${code}${count}${status}011234567893     20261114`;

const responseHeader = { serviceProviderIdQualifier: '01', serviceProviderId: '1234567893', dateOfService: '2026-11-14' };
const CLAIM = '\x1e\x1cAM22\x1cEM1\x1cD2123456';
// $10.00 patient pay, $35.23 ingredient cost paid, $2.50 fee paid, $27.73 total paid, basis 1, $10.00 copay,
// $50.00 deductible accumulated, $1,482.27 benefit remaining.
const PRICING = '\x1e\x1cAM23\x1cF5100{\x1cF6352C\x1cF725{\x1cF9277C\x1cFM1\x1cFI100{\x1cFC500{\x1cFE14822G';
const pricing = {
  patientPayCents: 1000, ingredientCostPaidCents: 3523, dispensingFeePaidCents: 250, totalAmountPaidCents: 2773,
  basisOfReimbursement: 1, copayCents: 1000, accumulatedDeductibleCents: 5000, remainingBenefitCents: 148_227,
};

const PAID_FIXTURE = header('B1') + '\x1e\x1cAM20\x1cF4THANK YOU FOR USING ADVRX'
  + '\x1d\x1e\x1cAM21\x1cANP\x1cF3AUTH00981' + CLAIM + PRICING;

const paid: ClaimResponse = {
  transactionCode: 'B1',
  headerResponseStatus: 'A',
  header: responseHeader,
  message: { message: 'THANK YOU FOR USING ADVRX' },
  transactions: [{
    status: { transactionStatus: 'P', authorizationNumber: 'AUTH00981' },
    claim: { rxReferenceQualifier: '1', rxNumber: '123456' },
    pricing,
  }],
};

// A secondary claim: the other payer's $77.50 recognized (566-J5, written before 509-F9); of the $84.50 allowed the
// plan pays the $7.00 left less the $5.00 copay: $2.00, basis 3 (AWP).
const SECONDARY_PAID_FIXTURE = header('B1')
  + '\x1d\x1e\x1cAM21\x1cANP\x1cF3AUTH00982' + CLAIM + '\x1e\x1cAM23\x1cF550{\x1cF6830{\x1cF715{\x1cJ5775{\x1cF920{\x1cFM3';

const secondaryPaid: ClaimResponse = {
  transactionCode: 'B1',
  headerResponseStatus: 'A',
  header: responseHeader,
  transactions: [{
    status: { transactionStatus: 'P', authorizationNumber: 'AUTH00982' },
    claim: { rxReferenceQualifier: '1', rxNumber: '123456' },
    pricing: {
      patientPayCents: 500, ingredientCostPaidCents: 8300, dispensingFeePaidCents: 150, otherPayerAmountRecognizedCents: 7750,
      totalAmountPaidCents: 200, basisOfReimbursement: 3,
    },
  }],
};

const REFILL_TOO_SOON_FIXTURE = header('B1') + '\x1e\x1cAM20\x1cF4NEXT FILL DATE 20261205'
  + '\x1d\x1e\x1cAM21\x1cANR\x1cFA1\x1cFB79\x1cUF1\x1cUH01\x1cFQREFILL TOO SOON - 75% OF DAYS SUPPLY\x1c7F03\x1c8F8005550199'
  + CLAIM
  + '\x1e\x1cAM24\x1cJ61\x1cE4ER\x1cFT1\x1cFU20261020\x1cFV30000\x1cFW1\x1cFYLAST FILLED 10/20/2026';

const refillTooSoon: ClaimResponse = {
  transactionCode: 'B1',
  headerResponseStatus: 'A',
  header: responseHeader,
  message: { message: 'NEXT FILL DATE 20261205' },
  transactions: [{
    status: {
      transactionStatus: 'R',
      rejects: [{ code: '79' }],
      additionalMessages: [{ qualifier: '01', text: 'REFILL TOO SOON - 75% OF DAYS SUPPLY' }],
      helpDeskPhoneQualifier: '03',
      helpDeskPhone: '8005550199',
    },
    claim: { rxReferenceQualifier: '1', rxNumber: '123456' },
    dur: {
      entries: [{
        reasonForServiceCode: 'ER', otherPharmacyIndicator: 1, previousFillDate: '2026-10-20',
        previousFillQuantityThousandths: 30_000, databaseIndicator: '1', freeText: 'LAST FILLED 10/20/2026',
      }],
    },
  }],
};

const DUR_REJECT_FIXTURE = header('B1')
  + '\x1d\x1e\x1cAM21\x1cANR\x1cFA2\x1cFB88\x1cFBE4\x1c4F1'
  + CLAIM
  + '\x1e\x1cAM24\x1cJ61\x1cE4DD\x1cFS1\x1cFT3\x1cFU20261101\x1cFV60000\x1cFW1\x1cFX3\x1cFYWARFARIN 5MG TAB'
  + '\x1cJ62\x1cE4TD\x1cFS2\x1cFT1\x1cFU20261020\x1cFV30000\x1cFW1\x1cFX2';

const durReject: ClaimResponse = {
  transactionCode: 'B1',
  headerResponseStatus: 'A',
  header: responseHeader,
  transactions: [{
    status: { transactionStatus: 'R', rejects: [{ code: '88' }, { code: 'E4', fieldOccurrence: 1 }] },
    claim: { rxReferenceQualifier: '1', rxNumber: '123456' },
    dur: {
      entries: [
        {
          reasonForServiceCode: 'DD', clinicalSignificanceCode: '1', otherPharmacyIndicator: 3, previousFillDate: '2026-11-01',
          previousFillQuantityThousandths: 60_000, databaseIndicator: '1', otherPrescriberIndicator: 3, freeText: 'WARFARIN 5MG TAB',
        },
        {
          reasonForServiceCode: 'TD', clinicalSignificanceCode: '2', otherPharmacyIndicator: 1, previousFillDate: '2026-10-20',
          previousFillQuantityThousandths: 30_000, databaseIndicator: '1', otherPrescriberIndicator: 2,
        },
      ],
    },
  }],
};

const DUPLICATE_FIXTURE = `${header('B1')}\x1d\x1e\x1cAM21\x1cAND\x1cF3AUTH00981${CLAIM}${PRICING}`;

const duplicate: ClaimResponse = {
  transactionCode: 'B1',
  headerResponseStatus: 'A',
  header: responseHeader,
  transactions: [{ status: { transactionStatus: 'D', authorizationNumber: 'AUTH00981' }, claim: { rxReferenceQualifier: '1', rxNumber: '123456' }, pricing }],
};

const REVERSAL_FIXTURE = `${header('B2')}\x1d\x1e\x1cAM21\x1cANA\x1cF3REV00412${CLAIM}`;

const reversal: ClaimResponse = {
  transactionCode: 'B2',
  headerResponseStatus: 'A',
  header: responseHeader,
  transactions: [{ status: { transactionStatus: 'A', authorizationNumber: 'REV00412' }, claim: { rxReferenceQualifier: '1', rxNumber: '123456' } }],
};

const ELIGIBILITY_FIXTURE = header('E1') + '\x1e\x1cAM20\x1cF4PATIENT ELIGIBLE'
  + '\x1e\x1cAM25\x1cC1RX4471\x1cFOADVPLAN1\x1c2FNET01\x1cJ703\x1cJ8610279'
  + '\x1e\x1cAM29\x1cCAMARGARET\x1cCBOKAFOR\x1cC419580317'
  + '\x1d\x1e\x1cAM21\x1cANA'
  + '\x1e\x1cAM28\x1cNT1\x1c5C02\x1c6C03\x1c7C004336\x1cMHALTPCN\x1cNUOTHER998\x1cMJGRP22';

const eligibility: ClaimResponse = {
  transactionCode: 'E1',
  headerResponseStatus: 'A',
  header: responseHeader,
  message: { message: 'PATIENT ELIGIBLE' },
  insurance: { groupId: 'RX4471', planId: 'ADVPLAN1', networkReimbursementId: 'NET01', payerIdQualifier: '03', payerId: '610279' },
  patient: { firstName: 'MARGARET', lastName: 'OKAFOR', dateOfBirth: '1958-03-17' },
  transactions: [{
    status: { transactionStatus: 'A' },
    otherPayers: {
      otherPayers: [{ coverageType: '02', payerIdQualifier: '03', payerId: '004336', processorControlNumber: 'ALTPCN', cardholderId: 'OTHER998', groupId: 'GRP22' }],
    },
  }],
};

const HEADER_REJECTED_FIXTURE = `${header('B1', 'R')}\x1e\x1cAM20\x1cF4BIN NOT ON FILE\x1d\x1e\x1cAM21\x1cANR\x1cFA1\x1cFB01`;

const headerRejected: ClaimResponse = {
  transactionCode: 'B1',
  headerResponseStatus: 'R',
  header: responseHeader,
  message: { message: 'BIN NOT ON FILE' },
  transactions: [{ status: { transactionStatus: 'R', rejects: [{ code: '01' }] } }],
};

function parsed(input: Uint8Array | string): ClaimResponse {
  const result = parseClaimResponse(input);
  if (!result.ok) throw new Error(result.error);
  return result.response;
}

function errorOf(input: string): string {
  const result = parseClaimResponse(input);
  return result.ok ? 'no error' : result.error;
}

describe('buildClaimResponse and parseClaimResponse, byte for byte', () => {
  it('the header is 31 characters', () => {
    expect(header('B1')).toHaveLength(31);
  });

  it.each([
    ['paid, with pricing', PAID_FIXTURE, paid],
    ['paid as secondary, with the other payer amount recognized (566-J5)', SECONDARY_PAID_FIXTURE, secondaryPaid],
    ['rejected 79 (refill too soon) with the previous fill in AM24', REFILL_TOO_SOON_FIXTURE, refillTooSoon],
    ['rejected 88 (DUR) with two DUR repetitions and a reject field occurrence', DUR_REJECT_FIXTURE, durReject],
    ['duplicate of paid', DUPLICATE_FIXTURE, duplicate],
    ['reversal approved', REVERSAL_FIXTURE, reversal],
    ['eligibility approved, with AM25 insurance, AM29 patient and AM28 other payers', ELIGIBILITY_FIXTURE, eligibility],
    ['transmission rejected at the header (501-F1 R)', HEADER_REJECTED_FIXTURE, headerRejected],
  ])('%s', (_name, fixture, response) => {
    expect(ascii(buildClaimResponse(response))).toBe(fixture);
    expect(parsed(fixture)).toEqual(response);
    expect(parsed(buildClaimResponse(response))).toEqual(response);
  });

  it('a negative amount travels with its overpunched sign', () => {
    const adjusted: ClaimResponse = { ...paid, transactions: [{ ...paid.transactions[0]!, pricing: { totalAmountPaidCents: -2773 } }] };
    const bytes = ascii(buildClaimResponse(adjusted));
    expect(bytes.endsWith('\x1e\x1cAM23\x1cF9277L')).toBe(true);
    expect(parsed(bytes)).toEqual(adjusted);
  });

  it('several additional messages, one continuing the next (131-UG "+")', () => {
    const fixture = `${header('B1')}\x1d\x1e\x1cAM21\x1cANR\x1cFA1\x1cFB75\x1cUF2\x1cUH01\x1cFQCALL 800-555-0199 FOR PRIOR\x1cUG+\x1cUH02\x1cFQAUTHORIZATION FORMS`;
    const response: ClaimResponse = {
      transactionCode: 'B1', headerResponseStatus: 'A', header: responseHeader,
      transactions: [{
        status: {
          transactionStatus: 'R', rejects: [{ code: '75' }],
          additionalMessages: [{ qualifier: '01', text: 'CALL 800-555-0199 FOR PRIOR', continuity: '+' }, { qualifier: '02', text: 'AUTHORIZATION FORMS' }],
        },
      }],
    };
    expect(ascii(buildClaimResponse(response))).toBe(fixture);
    expect(parsed(fixture)).toEqual(response);
  });

  it('two transactions answer in order; untyped fields and segments are kept', () => {
    const fixture = `${header('B1', 'A', '2')}\x1d\x1e\x1cAM21\x1cANP\x1cF3A1\x1cK5REF1\x1d\x1e\x1cAM21\x1cANR\x1cFA1\x1cFB70\x1e\x1cAM26\x1cPR1`;
    const response = parsed(fixture);
    expect(response.transactions).toEqual([
      { status: { transactionStatus: 'P', authorizationNumber: 'A1', otherFields: [{ id: 'K5', value: 'REF1' }] } },
      { status: { transactionStatus: 'R', rejects: [{ code: '70' }] }, otherSegments: [{ id: '26', fields: [{ id: 'PR', value: '1' }] }] },
    ]);
    expect(ascii(buildClaimResponse(response))).toBe(fixture);
  });
});

describe('parseClaimResponse refuses malformed responses, naming what is wrong', () => {
  it('size and header', () => {
    expect(parseClaimResponse(new Uint8Array(D0_MAX_BYTES + 1))).toEqual({ ok: false, error: 'The transmission is larger than 16 KB.' });
    expect(errorOf('D0B11A01123')).toBe('The transmission header is shorter than 31 characters.');
    expect(errorOf(PAID_FIXTURE.replace('D0B1', 'D1B1'))).toBe('Version/release number (102-A2) is "D1": this codec reads D.0 ("D0") only.');
    expect(errorOf(PAID_FIXTURE.replace('D0B11A', 'D0B11X'))).toBe('Header response status (501-F1) "X" is not A (accepted) or R (rejected).');
    expect(errorOf(PAID_FIXTURE.replace('D0B11A', 'D0B12A'))).toBe('Transaction count (109-A9) is 2 but the response holds 1 transaction.');
    expect(errorOf(PAID_FIXTURE.replace('D0B11A', 'D0B15A'))).toBe('Transaction count (109-A9) "5" is not 1 to 4.');
    expect(errorOf(PAID_FIXTURE.replace('D0B11A', 'D0N11A'))).toBe('Transaction code (103-A3) "N1" is not one this codec reads (B1, B2, B3, E1).');
  });

  it('segments and values', () => {
    expect(errorOf(`${header('B1')}\x1d${CLAIM}${PRICING}`)).toBe('Response transaction 1 has no Response Status segment (AM21).');
    expect(errorOf(PAID_FIXTURE.replace('\x1cANP', '\x1cANZ'))).toBe('Transaction response status (112-AN) "Z" is not one of P, C, R, D, A, S, Q.');
    expect(errorOf(PAID_FIXTURE.replace('\x1cANP', '\x1cF3X'))).toBe('Authorization number (503-F3) appears twice in the Response Status segment (AM21).');
    expect(errorOf(PAID_FIXTURE.replace('\x1cANP\x1cF3AUTH00981', '\x1cF3AUTH00981'))).toBe('The Response Status segment (AM21) has no Transaction response status (112-AN).');
    expect(errorOf(REFILL_TOO_SOON_FIXTURE.replace('\x1cFA1', '\x1cFA2'))).toBe('Reject count (510-FA) is 2 in the Response Status segment (AM21), but 1 repetition follows.');
    expect(errorOf(REFILL_TOO_SOON_FIXTURE.replace('\x1cFA1', '\x1cFA6'))).toBe('Reject count (510-FA) is 6; at most 5 are allowed.');
    expect(errorOf(REFILL_TOO_SOON_FIXTURE.replace('\x1cFA1\x1cFB79', '\x1cFB79\x1cFA1'))).toBe('Reject code (511-FB) comes before Reject count (510-FA) in the Response Status segment (AM21).');
    expect(errorOf(DUR_REJECT_FIXTURE.replace('\x1cJ62', '\x1cJ61'))).toBe('DUR/PPS response code counter (567-J6) is 1 in the Response DUR/PPS segment (AM24) where 2 is expected.');
    expect(errorOf(PAID_FIXTURE.replace('\x1cF9277C', '\x1cF927.73'))).toBe('Total amount paid (509-F9) is not a signed amount: its last character must carry the sign ({, A–I or }, J–R).');
    expect(errorOf(REFILL_TOO_SOON_FIXTURE.replace('\x1cFU20261020', '\x1cFU10/20/26'))).toBe('Previous date of fill (530-FU) is not a date (CCYYMMDD).');
    expect(errorOf(REFILL_TOO_SOON_FIXTURE.replace('\x1cFV30000', '\x1cFV30.000'))).toBe('Quantity of previous fill (531-FV) is not a number.');
    expect(errorOf(`${header('B1')}\x1e\x1cAM21\x1cANP\x1d${CLAIM}`)).toBe('Segment AM21 is before the first transaction but belongs inside a transaction (after a group separator).');
    expect(errorOf(`${header('B1')}\x1d\x1e\x1cAM21\x1cANP\x1e\x1cAM20\x1cF4HI`)).toBe('Segment AM20 is in transaction 1 but belongs before the first transaction.');
    expect(errorOf(`${PAID_FIXTURE}${PRICING}`)).toBe('Segment AM23 appears twice in transaction 1.');
    expect(errorOf(ELIGIBILITY_FIXTURE.replace('\x1cNT1', '\x1cNT4'))).toBe('Other payer ID count (355-NT) is 4; at most 3 are allowed.');
    expect(errorOf(SECONDARY_PAID_FIXTURE.replace('\x1cJ5775{', '\x1cJ5123456789{'))).toBe('Other payer amount recognized (566-J5) is too large: it has at most 8 digits.');
  });
});

describe('buildClaimResponse refuses what cannot be sent', () => {
  it('statuses, counts and characters', () => {
    expect(() => buildClaimResponse({ ...paid, transactions: [] })).toThrow(new D0BuildError('A response holds 1 to 4 transactions; got 0.'));
    expect(() => buildClaimResponse({ ...paid, headerResponseStatus: 'X' as 'A' })).toThrow(new D0BuildError('Header response status (501-F1) must be A or R; got "X".'));
    expect(() => buildClaimResponse({ ...paid, transactions: [{ status: { transactionStatus: 'Z' as 'P' } }] })).toThrow(new D0BuildError('Transaction response status (112-AN) must be one of P, C, R, D, A, S, Q; got "Z".'));
    expect(() => buildClaimResponse({ ...paid, message: { message: 'PAID\x1d' } })).toThrow(new D0BuildError('Message (504-F4) may hold only printable ASCII characters (no separators or control characters); got "PAID\\x1d".'));
    const sixRejects = ['70', '75', '76', '79', '88', '41'].map((code) => ({ code }));
    expect(() => buildClaimResponse({ ...paid, transactions: [{ status: { transactionStatus: 'R', rejects: sixRejects } }] })).toThrow(new D0BuildError('Reject code (511-FB) in the Response Status segment (AM21) repeats at most 5 times; got 6.'));
    expect(() => buildClaimResponse({ ...paid, transactions: [{ ...paid.transactions[0]!, otherSegments: [{ id: '23', fields: [] }] }] })).toThrow(new D0BuildError('Segment AM23 is written from its own property, not from otherSegments.'));
    expect(() => buildClaimResponse({ ...paid, header: { ...responseHeader, dateOfService: '2026-02-30' } })).toThrow(new D0BuildError('Date of service (401-D1) must be a calendar date YYYY-MM-DD; got "2026-02-30".'));
  });
});
