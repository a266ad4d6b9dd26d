/**
 * Which interaction alert a queue card waits on (web/src/features/prescriptions/api/prescription-model.ts):
 * at pending the entry check's (resolved by processing), at processing what verification found new since
 * entry until the pharmacist's verification override (resolved by verifying), otherwise none.
 */
import { describe, expect, it } from 'vitest';
import { openInteractionAlert, parseQueuePrescriptions } from '../../web/src/features/prescriptions/api/prescription-model.ts';

const CLEAN = { hasInteractions: false, interactions: [], recommendedActions: [] };
const ALERT = {
  hasInteractions: true,
  interactions: [{ severity: 'severe', interactingDrugs: ['ibuprofen', 'warfarin'], description: 'Bleeding.', recommendations: ['Avoid'] }],
  recommendedActions: ['Contact prescriber before dispensing'],
};

function prescription(status: string, aiFlags: object, verificationFlags: object | null = null, verificationOverrideReason: string | null = null) {
  return parseQueuePrescriptions([{
    id: 'rx', rx_number: 1001, status, prescription_type: 'written', source: 'manual_entry', prescriber_name: null, directions: 'Take 1',
    quantity: 10, refills: 0, order_id: 'rx', fill_number: 0, days_supply: null, urgency_level: null, fax_number: null, original_date: null,
    caller_info: null, callback_number: null, override_reason: null, created_at: '2026-11-22T10:00:00Z', ai_flags: aiFlags,
    verification_flags: verificationFlags, verification_override_reason: verificationOverrideReason, prescription_file_id: null,
    patient: { id: 'patient', first_name: 'Pat', last_name: 'Doe', current_medications: [] },
    medication: { id: 'ibuprofen', name: 'Ibuprofen', strength: '800 mg', dea_schedule: null },
  }])[0]!;
}

describe('openInteractionAlert', () => {
  it('a pending prescription with an entry alert is resolved by processing', () => {
    expect(openInteractionAlert(prescription('pending', ALERT))).toEqual({ flags: ALERT, resolvedBy: 'processing' });
    expect(openInteractionAlert(prescription('pending', CLEAN))).toBeNull();
  });

  it('a processing prescription with a new verification finding is resolved by verifying, until overridden', () => {
    expect(openInteractionAlert(prescription('processing', CLEAN, ALERT))).toEqual({ flags: ALERT, resolvedBy: 'ready' });
    expect(openInteractionAlert(prescription('processing', ALERT))).toBeNull();
    expect(openInteractionAlert(prescription('processing', CLEAN, ALERT, 'Prescriber consulted'))).toBeNull();
    expect(openInteractionAlert(prescription('ready', CLEAN, ALERT, 'Prescriber consulted'))).toBeNull();
  });
});
