/**
 * The Billing screen's pure parts (web/src/features/billing): which guided fix a rejected claim's NCPDP reject codes
 * call for (the shared reject-code table's kinds of fix) and what it sends with the next B1, a D.0 transmission with its control characters made visible, the fill
 * picker's search, and Submit Pending Claims' summary.
 */
import { describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '../../shared/src/billing/claim.ts';
import { fillTitle, rxFill } from '../../web/src/features/billing/billing-format.ts';
import { billableFillSearch } from '../../web/src/features/billing/fill-search.ts';
import {
  claimFixesFromForm, GUIDED_FIX_MESSAGES, guidedFixes, guidedFixFormSchema, guidedFixFormStart, normaliseRejectCode, type GuidedFixForm,
} from '../../web/src/features/billing/guided-fix.ts';
import { pendingRunShouldStop, pendingRunSummary } from '../../web/src/features/billing/pending-run.ts';
import { visibleCharacter, visibleControlCharacters } from '../../web/src/features/billing/transmission-text.ts';

const EMPTY_FORM: GuidedFixForm = { submissionClarificationCode: '', priorAuthorizationNumber: '', durReason: '', durProfessionalService: '', durResult: '' };

describe('guidedFixes', () => {
  it('guides each code the dialog knows to its fix', () => {
    expect(guidedFixes(['79'])).toEqual(['refill_too_soon']);
    expect(guidedFixes(['88'])).toEqual(['dur']);
    expect(guidedFixes(['75'])).toEqual(['prior_authorization']);
    expect(guidedFixes(['70'])).toEqual(['not_covered']);
    expect(guidedFixes(['76'])).toEqual(['not_covered']);
    expect(guidedFixes(['41'])).toEqual(['other_payer']);
    expect(guidedFixes(['65'])).toEqual(['eligibility']);
    expect(guidedFixes(['07'])).toEqual(['eligibility']);
  });

  it('reads a code as payers send it: one digit is the two-digit code, spaces and case do not matter', () => {
    expect(guidedFixes(['7'])).toEqual(['eligibility']);
    expect(guidedFixes([' 79 '])).toEqual(['refill_too_soon']);
    expect(normaliseRejectCode('e7')).toBe('E7');
  });

  it('lists several fixes once each, in the dialog\'s order, whatever the payer\'s order', () => {
    expect(guidedFixes(['88', '79', '88'])).toEqual(['refill_too_soon', 'dur']);
    expect(guidedFixes(['76', '70', '65'])).toEqual(['not_covered', 'eligibility']);
  });

  it('guides the related codes of the NCPDP table the same way', () => {
    expect(guidedFixes(['E5'])).toEqual(['dur']);
    expect(guidedFixes(['EV'])).toEqual(['prior_authorization']);
    expect(guidedFixes(['MR'])).toEqual(['not_covered']);
    expect(guidedFixes(['AG'])).toEqual(['not_covered']);
    expect(guidedFixes(['A6'])).toEqual(['other_payer']);
    expect(guidedFixes(['52'])).toEqual(['eligibility']);
  });

  it('has no guided fix for other codes (the payer\'s message says what to do)', () => {
    expect(guidedFixes(['85'])).toEqual([]);
    expect(guidedFixes(['M/I'])).toEqual([]);
    expect(guidedFixes([])).toEqual([]);
  });
});

describe('the guided fix form', () => {
  it('starts from what the claim carries and the reason the payer\'s DUR gave', () => {
    expect(guidedFixFormStart({
      submissionClarificationCodes: ['3'], priorAuthorizationNumber: '7781', durPps: [],
      durResponses: [{ reasonForService: 'er', previousFillDate: '2026-11-10' }],
    })).toEqual({ submissionClarificationCode: '3', priorAuthorizationNumber: '7781', durReason: 'ER', durProfessionalService: '', durResult: '' });
    expect(guidedFixFormStart({
      submissionClarificationCodes: [], priorAuthorizationNumber: null,
      durPps: [{ reasonForService: 'DD', professionalService: 'M0', result: '1G' }], durResponses: [{ reasonForService: 'TD' }],
    })).toEqual({ submissionClarificationCode: '', priorAuthorizationNumber: '', durReason: 'DD', durProfessionalService: 'M0', durResult: '1G' });
  });

  it('requires the fields of each fix shown, and only those', () => {
    const problems = (fixes: Parameters<typeof guidedFixFormSchema>[0], form: GuidedFixForm) =>
      guidedFixFormSchema(fixes).safeParse(form).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
    expect(problems(['refill_too_soon'], EMPTY_FORM)).toEqual([['submissionClarificationCode', GUIDED_FIX_MESSAGES.submissionClarificationCode]]);
    expect(problems(['prior_authorization'], EMPTY_FORM)).toEqual([['priorAuthorizationNumber', GUIDED_FIX_MESSAGES.priorAuthorizationNumber]]);
    expect(problems(['dur'], EMPTY_FORM)).toEqual([
      ['durProfessionalService', GUIDED_FIX_MESSAGES.durProfessionalService],
      ['durResult', GUIDED_FIX_MESSAGES.durResult],
    ]);
    expect(problems(['not_covered', 'eligibility', 'other_payer'], EMPTY_FORM)).toEqual([]);
    // NCPDP 462-EV: digits only.
    expect(problems(['prior_authorization'], { ...EMPTY_FORM, priorAuthorizationNumber: 'PA-12' })).toEqual([['priorAuthorizationNumber', CLAIM_MESSAGES.priorAuthorizationNumber]]);
    expect(problems(['prior_authorization'], { ...EMPTY_FORM, priorAuthorizationNumber: '123456789012' })).toEqual([['priorAuthorizationNumber', CLAIM_MESSAGES.priorAuthorizationNumber]]);
  });

  it('sends a refill too soon\'s submission clarification code', () => {
    expect(claimFixesFromForm(['refill_too_soon'], { ...EMPTY_FORM, submissionClarificationCode: '3' })).toEqual({ submissionClarificationCodes: ['3'] });
  });

  it('sends a DUR reject\'s reason, professional service and result as one DUR/PPS entry, in capitals', () => {
    expect(claimFixesFromForm(['dur'], { ...EMPTY_FORM, durReason: 'dd', durProfessionalService: 'm0', durResult: '1g' }))
      .toEqual({ durPps: [{ reasonForService: 'DD', professionalService: 'M0', result: '1G' }] });
    expect(claimFixesFromForm(['dur'], { ...EMPTY_FORM, durProfessionalService: 'R0', durResult: '1B' }))
      .toEqual({ durPps: [{ professionalService: 'R0', result: '1B' }] });
  });

  it('sends the prior authorisation number as typed, trimmed', () => {
    expect(claimFixesFromForm(['prior_authorization'], { ...EMPTY_FORM, priorAuthorizationNumber: ' 20261129071 ' })).toEqual({ priorAuthorizationNumber: '20261129071' });
  });

  it('sends only the shown fixes\' fields, and nothing for the fixes without fields', () => {
    const everything = { submissionClarificationCode: '7', priorAuthorizationNumber: '41', durReason: 'HD', durProfessionalService: 'M0', durResult: '1C' };
    expect(claimFixesFromForm(['refill_too_soon', 'dur'], everything)).toEqual({
      submissionClarificationCodes: ['7'], durPps: [{ reasonForService: 'HD', professionalService: 'M0', result: '1C' }],
    });
    expect(claimFixesFromForm(['not_covered', 'other_payer', 'eligibility'], everything)).toEqual({});
  });
});

describe('visibleControlCharacters', () => {
  it('shows D.0\'s separators as control pictures, a line break after each segment and group separator', () => {
    // The start of a B1 (header, then the patient segment: field separator, AM01, field separator, CX…).
    const request = '610066D0B1          1011234567893     20261129          \x1e\x1cAM01\x1cCX01\x1cCYDEMO000201\x1e\x1cAM04\x1dAM07';
    expect(visibleControlCharacters(request)).toBe(
      '610066D0B1          1011234567893     20261129          ␞\n␜AM01␜CX01␜CYDEMO000201␞\n␜AM04␝\nAM07',
    );
  });

  it('keeps the text on one line when asked', () => {
    expect(visibleControlCharacters('A\x1eB\x1dC', { breakAfterSeparators: false })).toBe('A␞B␝C');
  });

  it('makes every other control character visible too, so no stray byte hides', () => {
    expect(visibleControlCharacters('\x02X\x03\r\n\t\x00\x7f')).toBe('␂X␃␍␊␉␀␡');
    expect(visibleCharacter('\x1c')).toBe('␜');
    expect(visibleCharacter('é')).toBe('é');
    expect(visibleControlCharacters('')).toBe('');
  });
});

describe('billableFillSearch', () => {
  it('reads an Rx number, with or without RX or #', () => {
    expect(billableFillSearch('100234')).toEqual({ rxNumber: 100234 });
    expect(billableFillSearch('rx 100234')).toEqual({ rxNumber: 100234 });
    expect(billableFillSearch('#77')).toEqual({ rxNumber: 77 });
  });

  it('reads name words, keeping only letters, digits, hyphens and apostrophes', () => {
    expect(billableFillSearch('  Okafor,  Linda ')).toEqual({ words: ['Okafor', 'Linda'] });
    expect(billableFillSearch("o'brien smith-jones")).toEqual({ words: ["o'brien", 'smith-jones'] });
    expect(billableFillSearch('Lindqvist (Beatrice)*')).toEqual({ words: ['Lindqvist', 'Beatrice'] });
    expect(billableFillSearch('a b c d e f')).toEqual({ words: ['a', 'b', 'c', 'd'] });
  });

  it('is nothing for an empty search and no words for punctuation alone', () => {
    expect(billableFillSearch('   ')).toBeNull();
    expect(billableFillSearch('(),.*')).toEqual({ words: [] });
  });
});

describe('billing format', () => {
  it('names a fill as staff do', () => {
    expect(fillTitle({ rxNumber: 100234, fillNumber: 0 })).toBe('Rx 100234');
    expect(fillTitle({ rxNumber: 100234, fillNumber: 2 })).toBe('Rx 100234 (refill 2)');
    expect(rxFill({ rxNumber: 100234, fillNumber: 2 })).toBe('100234-2');
  });
});

describe('pendingRunSummary', () => {
  it('counts what the payers answered and names each claim not sent', () => {
    expect(pendingRunSummary([
      { rx: 'Rx 100-0', status: 'paid' },
      { rx: 'Rx 101-0', status: 'paid' },
      { rx: 'Rx 102-1', status: 'rejected' },
      { rx: 'Rx 103-0', failure: 'The claims switch did not answer in time' },
    ], 4)).toEqual({
      title: 'Pending claims submitted',
      description: '3 claims sent: 2 paid, 1 rejected. 1 claim was not sent: Rx 103-0 (The claims switch did not answer in time).',
      problems: true,
    });
  });

  it('says when more claims are pending than one run sends', () => {
    expect(pendingRunSummary([{ rx: 'Rx 100-0', status: 'paid' }, { rx: 'Rx 101-0', status: 'submitted' }], 27)).toEqual({
      title: 'Pending claims submitted',
      description: '2 claims sent: 1 paid, 1 awaiting the payer. 25 more claims are pending: run it again.',
      problems: false,
    });
  });

  it('says when nothing could be sent, and when nothing was pending', () => {
    expect(pendingRunSummary([{ rx: 'Rx 100-0', failure: 'No claims switch is configured' }], 1)).toEqual({
      title: 'Pending claims not sent',
      description: '1 claim was not sent: Rx 100-0 (No claims switch is configured).',
      problems: true,
    });
    expect(pendingRunSummary([], 0)).toEqual({ title: 'No pending claims', description: 'Every claim has been submitted.', problems: false });
  });
});

describe('pendingRunShouldStop', () => {
  it('stops after three claims in a row were not sent, not before, and not after a success', () => {
    const failure = (rx: string) => ({ rx, failure: 'No claims switch is configured' });
    expect(pendingRunShouldStop([failure('Rx 1-0'), failure('Rx 2-0')])).toBe(false);
    expect(pendingRunShouldStop([failure('Rx 1-0'), failure('Rx 2-0'), failure('Rx 3-0')])).toBe(true);
    expect(pendingRunShouldStop([failure('Rx 1-0'), failure('Rx 2-0'), { rx: 'Rx 3-0', status: 'paid' }])).toBe(false);
    expect(pendingRunShouldStop([failure('Rx 1-0'), { rx: 'Rx 2-0', status: 'rejected' }, failure('Rx 3-0'), failure('Rx 4-0')])).toBe(false);
  });

  it('says the run stopped, and how many claims are still pending', () => {
    const failures = ['Rx 1-0', 'Rx 2-0', 'Rx 3-0'].map((rx) => ({ rx, failure: 'Not found' }));
    expect(pendingRunSummary(failures, 12, true)).toEqual({
      title: 'Pending claims not sent',
      description: '3 claims were not sent: Rx 1-0 (Not found); Rx 2-0 (Not found); Rx 3-0 (Not found). Stopped after 3 claims in a row were not sent. 9 more claims are pending: run it again.',
      problems: true,
    });
  });
});
