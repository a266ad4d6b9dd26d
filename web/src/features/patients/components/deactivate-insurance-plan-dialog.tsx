/**
 * Deactivate an insurance plan: plans are never removed (claims refer to them), so ending one marks it inactive,
 * which stops it being billed and frees its priority for another plan. The database's refusal, if any, is shown.
 */
import { INSURANCE_PLAN_MESSAGES, insurancePlanPriorityLabel, type InsurancePlan } from '@pharmacy/shared/patients/insurance-plan.ts';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useDeactivateInsurancePlan } from '../api/deactivate-insurance-plan.ts';

export interface DeactivateInsurancePlanDialogProps {
  patientName: string;
  plan: InsurancePlan;
  onClose: () => void;
}

export function DeactivateInsurancePlanDialog({ patientName, plan, onClose }: DeactivateInsurancePlanDialogProps) {
  const deactivate = useDeactivateInsurancePlan();
  const [refusal, setRefusal] = useState<string | null>(null);
  const priority = insurancePlanPriorityLabel(plan.priority).toLowerCase();
  return (
    <Dialog open title="Deactivate Insurance Plan" onClose={onClose} dismissible={!deactivate.isPending}>
      {refusal ? (
        <div role="alert" className="alert alert-error alert-soft mb-3">
          {refusal}
        </div>
      ) : null}
      <p>
        Deactivate {patientName}'s {priority} plan {plan.payerName} (BIN {plan.bin}, cardholder {plan.cardholderId})? It will no longer be
        billed; it stays on the record, and another {priority} plan can then be added.
      </p>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose} disabled={deactivate.isPending} data-autofocus>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-error"
          disabled={deactivate.isPending}
          onClick={() =>
            deactivate.mutate(plan.id, {
              onSuccess: () => {
                toast({ title: INSURANCE_PLAN_MESSAGES.deactivated, description: `${patientName}: ${plan.payerName}` });
                onClose();
              },
              onError: (failure) => setRefusal(failure.message),
            })
          }
        >
          {deactivate.isPending ? 'Deactivating…' : 'Deactivate Plan'}
        </button>
      </div>
    </Dialog>
  );
}
