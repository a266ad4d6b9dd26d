/**
 * Add or edit one of a patient's insurance plans: priority, payer, payer type, the card's BIN, PCN, group,
 * cardholder id, person code and relationship, the plan's dates, and (editing) whether it is active — validated with
 * the shared schema (shared/src/patients/insurance-plan.ts). The database decides who may write and what it accepts
 * (one active plan per priority); its refusal is shown in the dialog.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { INSURANCE_TYPE_LABELS, INSURANCE_TYPES } from '@pharmacy/shared/drugs/formulary.ts';
import {
  CARDHOLDER_ID_MAX, EMPTY_INSURANCE_PLAN_FORM, GROUP_ID_MAX, INSURANCE_PLAN_MESSAGES, INSURANCE_PLAN_PRIORITIES, INSURANCE_PLAN_PRIORITY_LABELS,
  insurancePlanFormFromPlan, insurancePlanFormSchema, insurancePlanPriorityLabel, PAYER_NAME_MAX, PCN_MAX, RELATIONSHIP_CODE_LABELS,
  RELATIONSHIP_CODES, type InsurancePlan, type InsurancePlanFormInput, type InsurancePlanFormValues,
} from '@pharmacy/shared/patients/insurance-plan.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useCreateInsurancePlan } from '../api/create-insurance-plan.ts';
import { useUpdateInsurancePlan } from '../api/update-insurance-plan.ts';

const PRIORITY_OPTIONS = INSURANCE_PLAN_PRIORITIES.map((priority) => ({ value: priority, label: INSURANCE_PLAN_PRIORITY_LABELS[priority] }));
const INSURANCE_TYPE_OPTIONS = INSURANCE_TYPES.map((type) => ({ value: type, label: INSURANCE_TYPE_LABELS[type] }));
const RELATIONSHIP_OPTIONS = RELATIONSHIP_CODES.map((code) => ({ value: code, label: `${code} — ${RELATIONSHIP_CODE_LABELS[code]}` }));

export interface InsurancePlanDialogProps {
  patientId: string;
  patientName: string;
  /** The plan being edited, or null to add one. */
  plan: InsurancePlan | null;
  onClose: () => void;
}

export function InsurancePlanDialog({ patientId, patientName, plan, onClose }: InsurancePlanDialogProps) {
  const create = useCreateInsurancePlan();
  const update = useUpdateInsurancePlan();
  const saving = create.isPending || update.isPending;
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<InsurancePlanFormInput, unknown, InsurancePlanFormValues>({
    resolver: zodResolver(insurancePlanFormSchema),
    defaultValues: plan ? insurancePlanFormFromPlan(plan) : EMPTY_INSURANCE_PLAN_FORM,
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    setRefusal(null);
    const description = `${patientName}: ${insurancePlanPriorityLabel(values.priority)} — ${values.payerName}`;
    if (plan) {
      update.mutate(
        { planId: plan.id, values },
        {
          onSuccess: () => {
            toast({ title: INSURANCE_PLAN_MESSAGES.saved, description });
            onClose();
          },
          onError: (failure) => setRefusal(failure.message),
        },
      );
    } else {
      create.mutate(
        { patientId, values },
        {
          onSuccess: () => {
            toast({ title: INSURANCE_PLAN_MESSAGES.added, description });
            onClose();
          },
          onError: (failure) => setRefusal(failure.message),
        },
      );
    }
  });

  return (
    <Dialog open title={`${plan ? 'Edit' : 'Add'} Insurance Plan — ${patientName}`} onClose={onClose} size="xl" dismissible={!saving}>
      <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        {refusal ? (
          <div role="alert" className="alert alert-error alert-soft">
            {refusal}
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Priority" required data-autofocus options={PRIORITY_OPTIONS} error={errors.priority?.message} {...form.register('priority')} />
          <SelectField
            label="Insurance Type"
            placeholder="Not recorded"
            options={INSURANCE_TYPE_OPTIONS}
            error={errors.insuranceType?.message}
            {...form.register('insuranceType')}
          />
          <TextField
            label="Payer Name"
            required
            className="sm:col-span-2"
            autoComplete="off"
            maxLength={PAYER_NAME_MAX}
            error={errors.payerName?.message}
            {...form.register('payerName')}
          />
          <TextField label="BIN" required inputMode="numeric" autoComplete="off" placeholder="6 digits" maxLength={6} error={errors.bin?.message} {...form.register('bin')} />
          <TextField label="PCN" autoComplete="off" maxLength={PCN_MAX} error={errors.pcn?.message} {...form.register('pcn')} />
          <TextField label="Group ID" autoComplete="off" maxLength={GROUP_ID_MAX} error={errors.groupId?.message} {...form.register('groupId')} />
          <TextField
            label="Cardholder ID"
            required
            autoComplete="off"
            maxLength={CARDHOLDER_ID_MAX}
            error={errors.cardholderId?.message}
            {...form.register('cardholderId')}
          />
          <TextField label="Person Code" autoComplete="off" placeholder="e.g. 001" maxLength={3} error={errors.personCode?.message} {...form.register('personCode')} />
          <SelectField
            label="Relationship to Cardholder"
            placeholder="Not recorded"
            options={RELATIONSHIP_OPTIONS}
            error={errors.relationshipCode?.message}
            {...form.register('relationshipCode')}
          />
          <TextField label="Effective Date" type="date" error={errors.effectiveDate?.message} {...form.register('effectiveDate')} />
          <TextField label="Termination Date" type="date" error={errors.terminationDate?.message} {...form.register('terminationDate')} />
          {plan ? (
            <div className="sm:col-span-2">
              <CheckboxField label="Active: this plan is billed" error={errors.active?.message} {...form.register('active')} />
            </div>
          ) : null}
        </div>
        <div className="modal-action mt-0">
          <button type="button" className="btn" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving…' : plan ? 'Save Plan' : 'Add Plan'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
