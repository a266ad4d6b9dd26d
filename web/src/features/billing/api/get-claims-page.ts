/**
 * One page of the Claims tab (public.claim_page, as the caller): newest first, by status filter and a search (an Rx
 * number, or words of the patient's name), with the exact total.
 */
import { CLAIM_STATUSES, COVERAGES, type ClaimStatus, type ClaimStatusFilter, type Coverage } from '@pharmacy/shared/billing/claim.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '../../../lib/supabase.ts';
import { billingKeys } from '../keys.ts';

export interface ClaimRow {
  id: string;
  prescriptionId: string;
  rxNumber: number;
  fillNumber: number;
  patientId: string;
  patientName: string;
  payerName: string;
  coverage: Coverage;
  status: ClaimStatus;
  serviceDate: string;
  grossAmountDueCents: number;
  totalPaidCents: number | null;
  patientPayCents: number | null;
  rejectCodes: string[];
  submittedAt: string | null;
  createdAt: string;
}

export interface ClaimsPage {
  claims: ClaimRow[];
  total: number;
}

function oneOf<Value extends string>(values: readonly Value[], value: string, what: string): Value {
  if (!(values as readonly string[]).includes(value)) throw new Error(`The database answered an unknown claim ${what} "${value}".`);
  return value as Value;
}

function nullableNumber(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

export async function getClaimsPage(search: string, filter: ClaimStatusFilter, page: number, pageSize: number): Promise<ClaimsPage> {
  const { data, error } = await supabase.rpc('claim_page', { search, status_filter: filter, page_size: pageSize, page_offset: page * pageSize });
  if (error) throw new Error(error.message);
  return {
    total: Number(data[0]?.total_count ?? 0),
    claims: data.map((row) => ({
      id: row.id, prescriptionId: row.prescription_id, rxNumber: Number(row.rx_number), fillNumber: row.fill_number,
      patientId: row.patient_id, patientName: row.patient_name, payerName: row.payer_name,
      coverage: oneOf(COVERAGES, row.coverage, 'coverage'), status: oneOf(CLAIM_STATUSES, row.status, 'status'),
      serviceDate: row.service_date, grossAmountDueCents: Number(row.gross_amount_due_cents),
      // The generated types call these numbers; the database answers null until a payer answers.
      totalPaidCents: nullableNumber(row.total_paid_cents as number | null), patientPayCents: nullableNumber(row.patient_pay_cents as number | null),
      rejectCodes: row.reject_codes ?? [], submittedAt: (row.submitted_at as string | null) ?? null, createdAt: row.created_at,
    })),
  };
}

export function getClaimsPageQueryOptions(pharmacyId: string, search: string, filter: ClaimStatusFilter, page: number, pageSize: number) {
  return queryOptions({
    meta: { reads: ['claims', 'claim_counters', 'patients'] },
    queryKey: billingKeys.claims(pharmacyId, search, filter, page, pageSize),
    queryFn: () => getClaimsPage(search, filter, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

export function useClaimsPage(pharmacyId: string, search: string, filter: ClaimStatusFilter, page: number, pageSize: number) {
  return useQuery(getClaimsPageQueryOptions(pharmacyId, search, filter, page, pageSize));
}
