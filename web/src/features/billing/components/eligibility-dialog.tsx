/**
 * Check Insurance Eligibility: search a patient, pick one of their active plans, send an E1 to the claims switch
 * (POST /api/claims/eligibility) and show the payer's answer — eligible or not, the reject codes with their texts,
 * the payer's message — and each attempt.
 */
import type { EligibilityResult } from '@pharmacy/shared/api/claims.ts';
import { insurancePlanPriorityLabel } from '@pharmacy/shared/patients/insurance-plan.ts';
import { useId, useState } from 'react';
import { PatientSearchField } from '../../../components/form/patient-search-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useCheckEligibility } from '../api/check-eligibility.ts';
import { usePatientPlans } from '../api/get-patient-plans.ts';
import { TransmissionAttempts } from './transmission-attempts.tsx';

export function EligibilityDialog({ pharmacyId, open, onClose }: { pharmacyId: string; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Check Insurance Eligibility" size="lg" closeButton>
      <EligibilityForm pharmacyId={pharmacyId} onClose={onClose} />
    </Dialog>
  );
}

function EligibilityAnswer({ result }: { result: EligibilityResult }) {
  return (
    <section aria-label="Eligibility answer" className="flex flex-col gap-2">
      <div role="status" className={`alert alert-soft ${result.eligible ? 'alert-success' : 'alert-error'}`}>
        <span>
          <strong>{result.eligible ? 'Eligible' : 'Not eligible'}</strong>
          {' — '}
          {result.summary}
        </span>
      </div>
      {result.rejectCodes.length > 0 ? (
        <ul className="list-inside list-disc text-sm" aria-label="Reject codes">
          {result.rejectCodes.map((reject) => <li key={reject.code}><span className="font-mono">{reject.code}</span> {reject.text}</li>)}
        </ul>
      ) : null}
      {result.message ? <p className="text-sm"><span className="font-medium">Payer's message: </span>{result.message}</p> : null}
      <TransmissionAttempts attempts={result.attempts} />
    </section>
  );
}

function EligibilityForm({ pharmacyId, onClose }: { pharmacyId: string; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [patientId, setPatientId] = useState('');
  const [planId, setPlanId] = useState('');
  const plans = usePatientPlans(pharmacyId, patientId);
  const check = useCheckEligibility();
  const planGroup = useId();
  const chosenPlanId = planId !== '' ? planId : (plans.data?.[0]?.id ?? '');

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={(event) => {
      event.preventDefault();
      if (chosenPlanId !== '') check.mutate(chosenPlanId);
    }}>
      <PatientSearchField
        pharmacyId={pharmacyId}
        query={query}
        onQueryChange={setQuery}
        value={patientId}
        onSelect={(option) => {
          setPatientId(option?.value ?? '');
          if (option) setQuery(option.label);
          setPlanId('');
          check.reset();
        }}
        placeholder="Name, phone or date of birth…"
        hint="Type at least 2 characters"
      />
      {patientId === '' ? null : (
        <QueryState query={plans} errorText="The patient's plans could not be loaded" loadingLabel="Loading the patient's plans"
          isEmpty={(list) => list.length === 0} emptyText="This patient has no active insurance plan: add one on the patient's record." skeletonRows={2}>
          {(list) => (
            <fieldset className="flex flex-col gap-2">
              <legend id={planGroup} className="mb-1 text-sm font-medium">Plan</legend>
              {list.map((plan) => (
                <label key={plan.id} className="flex cursor-pointer items-start gap-2 rounded-box border border-base-300 p-2">
                  <input type="radio" className="radio radio-sm mt-0.5" name={planGroup} value={plan.id} checked={chosenPlanId === plan.id}
                    onChange={() => { setPlanId(plan.id); check.reset(); }} />
                  <span className="flex flex-col text-sm">
                    <span className="font-medium">{plan.payerName} ({insurancePlanPriorityLabel(plan.priority)})</span>
                    <span className="text-base-content/70">BIN {plan.bin}{plan.pcn ? ` · PCN ${plan.pcn}` : ''}{plan.groupId ? ` · Group ${plan.groupId}` : ''} · ID {plan.cardholderId}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
        </QueryState>
      )}
      {check.error ? <p role="alert" className="alert alert-error alert-soft">{check.error.message}</p> : null}
      {check.data ? <EligibilityAnswer result={check.data} /> : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>Close</button>
        <button type="submit" className="btn btn-primary" disabled={chosenPlanId === '' || check.isPending}>
          {check.isPending ? 'Checking…' : 'Check Eligibility'}
        </button>
      </div>
    </form>
  );
}
