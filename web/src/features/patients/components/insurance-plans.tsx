/**
 * Insurance plans, in Patient Details: the patient's third-party plans, active ones in the order they pay (primary,
 * secondary, tertiary) then deactivated ones, each with its payer, BIN, PCN, group, cardholder id, person code,
 * relationship, priority and status. With `canEdit` (patients:write: every staff role — technicians type insurance at
 * intake; the database enforces it whatever this says) plans are added, edited and deactivated here; a plan is
 * never removed. A patient with no plan but insurance typed before plans existed shows that text, to be added as a
 * plan.
 */
import {
  insurancePlanPriorityLabel, relationshipCodeLabel, type InsurancePlan,
} from '@pharmacy/shared/patients/insurance-plan.ts';
import { useId, useState } from 'react';
import { QueryErrorNotice, QueryState } from '../../../components/ui/query-state.tsx';
import { usePatientInsurancePlans } from '../api/get-patient-insurance-plans.ts';
import type { Patient } from '../api/patient-record.ts';
import { DeactivateInsurancePlanDialog } from './deactivate-insurance-plan-dialog.tsx';
import { InsurancePlanDialog } from './insurance-plan-dialog.tsx';
import { patientFullName } from './patient-format.ts';

export interface InsurancePlansProps {
  pharmacyId: string;
  patient: Patient;
  /** Staff with patients:write add, edit and deactivate plans. */
  canEdit: boolean;
}

type Editing = { plan: InsurancePlan | null } | null;

/** The insurance typed before plans existed, when the patient has it (the mirror columns hold it until a plan is added). */
function legacyInsurance(patient: Patient): string | null {
  const parts = [
    patient.insuranceProvider,
    patient.insuranceMemberId ? `Member ID ${patient.insuranceMemberId}` : null,
    patient.insuranceGroupNumber ? `Group ${patient.insuranceGroupNumber}` : null,
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function InsurancePlans({ pharmacyId, patient, canEdit }: InsurancePlansProps) {
  const titleId = useId();
  const plans = usePatientInsurancePlans(pharmacyId, patient.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deactivating, setDeactivating] = useState<InsurancePlan | null>(null);
  const name = patientFullName(patient);
  const legacy = legacyInsurance(patient);

  return (
    <section aria-labelledby={titleId} className="mt-6 flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold uppercase tracking-wide text-base-content/70">
          Insurance plans
        </h3>
        {canEdit && plans.data ? (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing({ plan: null })}>
            Add Plan
          </button>
        ) : null}
      </div>
      {plans.data ? <QueryErrorNotice query={plans} errorText="The insurance plans could not be refreshed" /> : null}
      <QueryState
        query={plans}
        errorText="The insurance plans could not be loaded"
        loadingLabel="Loading insurance plans"
        skeletonRows={2}
        skeletonRowClassName="h-6"
        size="sm"
        isEmpty={(rows) => rows.length === 0}
        emptyText={
          legacy ? (
            <>
              No insurance plans on file. Recorded before plans: <span className="font-medium">{legacy}</span> — add it as a plan to bill it.
            </>
          ) : (
            'No insurance plans on file'
          )
        }
      >
        {(rows) => (
          <div className="overflow-x-auto">
            <table className="table table-sm" aria-labelledby={titleId}>
              <thead>
                <tr>
                  <th scope="col">Priority</th>
                  <th scope="col">Payer</th>
                  <th scope="col">BIN</th>
                  <th scope="col">PCN</th>
                  <th scope="col">Group</th>
                  <th scope="col">Cardholder ID</th>
                  <th scope="col">Person</th>
                  <th scope="col">Relationship</th>
                  <th scope="col">Status</th>
                  {canEdit ? (
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((plan) => {
                  const label = `${insurancePlanPriorityLabel(plan.priority)} plan ${plan.payerName}`;
                  return (
                    <tr key={plan.id} aria-label={label} className={plan.active ? undefined : 'text-base-content/60'}>
                      <td>{insurancePlanPriorityLabel(plan.priority)}</td>
                      <td className="min-w-36 font-medium">{plan.payerName}</td>
                      <td className="font-mono">{plan.bin}</td>
                      <td className="font-mono">{plan.pcn ?? '—'}</td>
                      <td className="font-mono">{plan.groupId ?? '—'}</td>
                      <td className="font-mono">{plan.cardholderId}</td>
                      <td className="font-mono">{plan.personCode ?? '—'}</td>
                      <td>{relationshipCodeLabel(plan.relationshipCode)}</td>
                      <td>{plan.active ? <span className="badge badge-success badge-soft">Active</span> : <span className="badge badge-soft">Inactive</span>}</td>
                      {canEdit ? (
                        <td>
                          <div className="flex flex-col items-end gap-1">
                            <button type="button" className="btn btn-ghost btn-xs" aria-label={`Edit ${label}`} onClick={() => setEditing({ plan })}>
                              Edit
                            </button>
                            {plan.active ? (
                              <button
                                type="button"
                                className="btn btn-ghost btn-xs text-error"
                                aria-label={`Deactivate ${label}`}
                                onClick={() => setDeactivating(plan)}
                              >
                                Deactivate
                              </button>
                            ) : null}
                          </div>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {editing ? <InsurancePlanDialog patientId={patient.id} patientName={name} plan={editing.plan} onClose={() => setEditing(null)} /> : null}
      {deactivating ? <DeactivateInsurancePlanDialog patientName={name} plan={deactivating} onClose={() => setDeactivating(null)} /> : null}
    </section>
  );
}
