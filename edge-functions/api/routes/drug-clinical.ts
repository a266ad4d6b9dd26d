/**
 * The Drug Database's clinical calls (shared/src/api/drug-clinical.ts), each as the caller (their JWT, so RLS
 * applies) and each answered by the database:
 * - dur-check → public.dur_check: the findings that entering the medication for the profile would store, the same
 *   selection prescription entry makes (private.new_drug_findings).
 * - check-interactions → public.check_interactions over the medications (no allergies).
 * - formulary/{id}?insuranceType= → the caller's pharmacy's formulary_entries row; RLS hides other pharmacies'
 *   entries, so theirs are 404 like a missing one.
 */
import { drugInteractionsEndpoint, durCheckEndpoint, formularyEndpoint } from '@pharmacy/shared/api/drug-clinical.ts';
import {
  FORMULARY_ENTRY_COLUMNS, FORMULARY_MESSAGES, formularyEntryFromRow, formularyMedicationIdSchema, type FormularyEntryRow,
} from '@pharmacy/shared/drugs/formulary.ts';
import type { ApiRouter } from '../../_shared/api-endpoints.ts';
import { databaseFailure } from '../../_shared/database-failure.ts';
import { HttpError } from '../../_shared/http.ts';
import { createUserClient } from '../../_shared/supabase-clients.ts';
import { validateBody } from '../../_shared/validation.ts';

export function addDrugClinicalRoutes(router: ApiRouter): void {
  router.serve(durCheckEndpoint, async ({ req, body }) => {
    const { data, error } = await createUserClient(req).rpc('dur_check', {
      medication: body.medication,
      current_medications: body.patientProfile.currentMedications ?? [],
      allergies: body.patientProfile.allergies ?? [],
    });
    if (error) throw databaseFailure('checking the medication against the profile', error);
    return durCheckEndpoint.response.parse(data);
  });

  router.serve(drugInteractionsEndpoint, async ({ req, body }) => {
    const { data, error } = await createUserClient(req).rpc('check_interactions', { medications: body.medications, allergies: [] });
    if (error) throw databaseFailure('checking interactions', error);
    return drugInteractionsEndpoint.response.parse(data);
  });

  router.serve(formularyEndpoint, async ({ req, params, query }) => {
    const { id } = validateBody(formularyMedicationIdSchema, { id: params.id ?? '' });
    const { data, error } = await createUserClient(req)
      .from('formulary_entries')
      .select(FORMULARY_ENTRY_COLUMNS)
      .eq('medication_id', id)
      .eq('insurance_type', query.insuranceType)
      .maybeSingle();
    if (error) throw databaseFailure('reading the formulary entry', error);
    if (!data) throw new HttpError(404, FORMULARY_MESSAGES.notFound);
    return formularyEntryFromRow(data as FormularyEntryRow);
  });
}
