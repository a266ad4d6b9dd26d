/**
 * The prescription form opened with choices made elsewhere (a prescription file's matches): the chosen prescriber or
 * product is the one picked in the field, else the one the form opened with while the field still holds its id, so
 * the DEA rules and the exclusion alert apply to a preset one; the Original Date shows for a fax and whenever the
 * form opened with a date or has a problem there. And the queue's address of one prescription (queue-link.ts).
 */
import { describe, expect, it } from 'vitest';
import { controlledSubstanceFieldIssues, prescriptionFormSchema } from '../../shared/src/prescriptions/prescription.ts';
import { parseQueueLink, QUEUE_TABS, queueLink } from '../../shared/src/prescriptions/queue-link.ts';
import { PRESCRIPTION_STATUSES } from '../../web/src/features/prescriptions/api/prescription-model.ts';
import { chosenChoice, showsOriginalDate } from '../../web/src/features/prescriptions/prescription-form-choices.ts';

const PRESET = { value: 'a0000000-0000-4000-8000-000000000001', label: 'Dr. Ana Ruiz, MD', deaNumber: null as string | null, excluded: true };
const PICKED = { value: 'a0000000-0000-4000-8000-000000000002', label: 'Dr. Ben Cole, DO', deaNumber: 'BC1234563', excluded: false };

describe('chosenChoice', () => {
  it('is the preset choice while the field holds its id and nothing was picked', () => {
    expect(chosenChoice(null, PRESET, PRESET.value)).toBe(PRESET);
  });

  it('is the picked choice once one is picked', () => {
    expect(chosenChoice(PICKED, PRESET, PICKED.value)).toBe(PICKED);
  });

  it('is nothing once the field is cleared or holds another id', () => {
    expect(chosenChoice(null, PRESET, '')).toBeNull();
    expect(chosenChoice(null, PRESET, undefined)).toBeNull();
    expect(chosenChoice(PICKED, PRESET, 'a0000000-0000-4000-8000-000000000009')).toBeNull();
  });

  it('is nothing while the preset is still being read', () => {
    expect(chosenChoice(null, null, PRESET.value)).toBeNull();
  });

  it('lets the DEA rules see a preset Schedule II product and a preset prescriber without a DEA number', () => {
    const product = chosenChoice(null, { value: 'm1', deaSchedule: 'II' as const }, 'm1');
    const prescriber = chosenChoice(null, PRESET, PRESET.value);
    const issues = controlledSubstanceFieldIssues({
      deaSchedule: product?.deaSchedule ?? null,
      refills: 2,
      prescriberDeaNumber: prescriber?.deaNumber,
      dateWritten: '2026-11-20',
      today: '2026-11-28',
    });
    expect(issues.map((issue) => issue.field).sort()).toEqual(['prescriberId', 'refills']);
  });
});

describe('showsOriginalDate', () => {
  it('shows for a fax, as before', () => {
    expect(showsOriginalDate('fax', undefined, false)).toBe(true);
    expect(showsOriginalDate('fax', '', false)).toBe(true);
  });

  it('stays hidden for an empty written, verbal or electronic entry (manual entry unchanged)', () => {
    for (const type of ['written', 'verbal', 'electronic'] as const) expect(showsOriginalDate(type, '', false)).toBe(false);
    expect(showsOriginalDate('written', undefined, false)).toBe(false);
  });

  it('shows a date the form opened with (a scan or e-prescription date signed), since it is sent with the entry', () => {
    expect(showsOriginalDate('written', '2026-11-20', false)).toBe(true);
    expect(showsOriginalDate('electronic', '2026-11-20', false)).toBe(true);
    // It is sent: the form's schema keeps it whatever the type.
    const parsed = prescriptionFormSchema.parse({
      prescriptionType: 'written', patientId: PRESET.value, medicationId: PICKED.value, directions: 'Take 1 daily', quantity: '30', originalDate: '2026-11-20',
    });
    expect(parsed.originalDate).toBe('2026-11-20');
  });

  it('shows when the date has a problem, so its message is seen', () => {
    expect(showsOriginalDate('written', '', true)).toBe(true);
  });
});

describe('queueLink', () => {
  it('has the queue tabs of the web model', () => {
    expect([...QUEUE_TABS]).toEqual([...PRESCRIPTION_STATUSES]);
  });

  it('opens the fill status tab; Completed narrowed to the Rx number', () => {
    expect(queueLink({ status: 'pending', rxNumber: 1042 })).toBe('/prescriptions?tab=pending');
    expect(queueLink({ status: 'completed', rxNumber: 1042 })).toBe('/prescriptions?tab=completed&search=1042');
  });

  it('is the queue itself for a cancelled fill (in no tab)', () => {
    expect(queueLink({ status: 'cancelled', rxNumber: 1042 })).toBe('/prescriptions');
  });

  it('reads back what it wrote, and ignores an unknown tab or a blank search', () => {
    expect(parseQueueLink(new URLSearchParams('tab=completed&search=1042'))).toEqual({ tab: 'completed', search: '1042' });
    expect(parseQueueLink(new URLSearchParams('tab=ready'))).toEqual({ tab: 'ready' });
    expect(parseQueueLink(new URLSearchParams('tab=cancelled&search=%20%20'))).toEqual({});
    expect(parseQueueLink(new URLSearchParams(''))).toEqual({});
  });
});
