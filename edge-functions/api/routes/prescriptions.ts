/**
 * POST /api/prescriptions — enters a prescription (spec part 1 §4 creation flow, §7). The body is checked
 * with the shared form schema (400 with its messages). Acting as the caller (RLS applies), it reads the
 * patient, the medication (its DEA schedule) and the prescriber (its DEA number) — one the caller cannot see
 * (another pharmacy's) is 404 — checks the DEA rules with the shared schema (400 with their messages), and
 * inserts the prescription. The database runs the interaction check of the patient's profile in that insert
 * (ai_flags; a client cannot send its own), makes it pending and sets the Rx number and who entered it; it
 * holds the DEA rules too. 201 with the prescription in camelCase.
 *
 * POST /api/prescriptions/:id/refill — the next fill of a prescription (issue 21). The body is optional
 * ({tooSoonReason}, checked with the shared schema). Acting as the caller, it calls refill_prescription, which
 * inserts the fill through the same entry triggers; the database holds every refill rule and refuses with its
 * sentence (409 a rule, 403 a permission, 404 a prescription that is not the caller's — an id that is not a
 * uuid too). 201 with the new fill in camelCase, its fill number and the refills left after it.
 */
import { createPrescriptionEndpoint, refillPrescriptionEndpoint } from '@pharmacy/shared/api/prescriptions.ts';
import { UUID_PATTERN } from '@pharmacy/shared/common/field-rules.ts';
import { refillsRemainingAfter } from '@pharmacy/shared/prescriptions/refills.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { HttpError } from '../../_shared/http.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { enterPrescription } from '../prescriptions/enter-prescription.ts';
import { type PrescriptionRow, prescriptionFromRow } from '../prescriptions/prescription-response.ts';

const PRESCRIPTION_NOT_FOUND = 'Prescription not found';

export function addPrescriptionRoutes(router: ApiRouter): void {
  router.serve(createPrescriptionEndpoint, ({ req, body: form }) => enterPrescription(createUserClient(req), form));

  router.serve(refillPrescriptionEndpoint, async ({ req, params, body }) => {
    const id = params.id ?? '';
    if (!UUID_PATTERN.test(id)) throw new HttpError(404, PRESCRIPTION_NOT_FOUND);
    const client = createUserClient(req);
    const { data, error } = await client.rpc('refill_prescription', {
      prescription_id: id,
      ...(body.tooSoonReason === undefined ? {} : { too_soon_reason: body.tooSoonReason }),
    });
    if (error) throw databaseFailure('refilling the prescription', error);
    const fill = data as unknown as PrescriptionRow;
    return {
      ...prescriptionFromRow(fill),
      fillNumber: fill.fill_number,
      refillsRemaining: refillsRemainingAfter(fill.fill_number, fill.refills),
    };
  });
}
