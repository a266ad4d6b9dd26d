/**
 * Security Policies (spec part 2 §2, §7 GET/PUT /api/security-policies): the pharmacy's policy as a form over
 * every field of the shared securityPolicySettingsSchema — document override authority and AI risk assessment
 * (the options of shared/src/security/policy.ts), the three policy texts as switches, session timeout and maximum
 * failed sign-ins — validated with the schema's messages; Save sends it (toast 'Security policy updated', §8) and
 * the tab shows what the server stored.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AI_RISK_ASSESSMENT_LABELS, AI_RISK_ASSESSMENT_MODES, MAX_FAILED_LOGINS_MAX, MAX_FAILED_LOGINS_MIN, OVERRIDE_AUTHORITIES,
  OVERRIDE_AUTHORITY_LABELS, SECURITY_POLICY_UPDATED_MESSAGE, SESSION_TIMEOUT_MINUTES_MAX, SESSION_TIMEOUT_MINUTES_MIN,
} from '@pharmacy/shared/security/policy.ts';
import { securityPolicySettingsSchema, type SecurityPolicy, type SecurityPolicySettings } from '@pharmacy/shared/security/policy-schema.ts';
import { useId } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSecurityPolicy } from '../../../hooks/use-security-policy.ts';
import { useUpdateSecurityPolicy } from '../api/update-security-policy.ts';

export interface SecurityPoliciesTabProps {
  pharmacyId: string;
}

export function SecurityPoliciesTab({ pharmacyId }: SecurityPoliciesTabProps) {
  const policy = useSecurityPolicy(pharmacyId);
  // Here, not in the form: a save re-keys the form, and a mutation's callbacks die with the component that ran it.
  const update = useUpdateSecurityPolicy();

  function save(id: string, settings: SecurityPolicySettings) {
    update.mutate(
      { id, settings },
      {
        onSuccess: () => toast({ title: SECURITY_POLICY_UPDATED_MESSAGE }),
        onError: (error) => toast({ title: 'Error', description: error.message || 'The security policy could not be saved', variant: 'destructive' }),
      },
    );
  }

  return (
    <QueryState
      query={policy}
      errorText="The security policy could not be loaded"
      loadingLabel="Loading the security policy"
      skeletonRows={5}
      isEmpty={(data) => data === null}
      emptyText="Your pharmacy has no security policy."
    >
      {/* Keyed by the stored version, so the form starts from what the server holds after every save. */}
      {(data) =>
        data && (
          <SecurityPolicyForm
            key={`${data.id}:${data.updatedAt}`}
            policy={data}
            isSaving={update.isPending}
            onSave={(settings) => save(data.id, settings)}
          />
        )
      }
    </QueryState>
  );
}

function settingsOf(policy: SecurityPolicy): SecurityPolicySettings {
  const { id: _id, updatedAt: _updatedAt, ...settings } = policy;
  return settings;
}

interface SecurityPolicyFormProps {
  policy: SecurityPolicy;
  isSaving: boolean;
  onSave: (settings: SecurityPolicySettings) => void;
}

function SecurityPolicyForm({ policy, isSaving, onSave }: SecurityPolicyFormProps) {
  const { register, handleSubmit, formState } = useForm<SecurityPolicySettings>({
    resolver: zodResolver(securityPolicySettingsSchema),
    defaultValues: settingsOf(policy),
  });
  const { errors, isDirty } = formState;

  return (
    <form noValidate className="flex flex-col gap-6" onSubmit={(event) => void handleSubmit(onSave)(event)}>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChoiceGroup
          legend="Document override authority"
          hint="Who may override an AI alert to process a prescription."
          options={OVERRIDE_AUTHORITIES.map((value) => ({ value, label: OVERRIDE_AUTHORITY_LABELS[value] }))}
          error={errors.overrideAuthority?.message}
          registration={register('overrideAuthority')}
        />
        <ChoiceGroup
          legend="AI risk assessment"
          hint="Enabled blocks processing on an alert until overridden; advisory blocks only severe alerts; disabled records without blocking."
          options={AI_RISK_ASSESSMENT_MODES.map((value) => ({ value, label: AI_RISK_ASSESSMENT_LABELS[value] }))}
          error={errors.aiRiskAssessment?.message}
          registration={register('aiRiskAssessment')}
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-medium">Policies</legend>
        <CheckboxField label="2FA required for admin accounts" error={errors.require2faForAdmins?.message} {...register('require2faForAdmins')} />
        <CheckboxField
          label="Biometric verification for high-risk overrides (confirm with password or authenticator code)"
          error={errors.stepUpForHighRiskOverrides?.message}
          {...register('stepUpForHighRiskOverrides')}
        />
        <CheckboxField label="Log all override attempts" error={errors.logAllOverrideAttempts?.message} {...register('logAllOverrideAttempts')} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Session timeout (minutes)"
          type="number"
          min={SESSION_TIMEOUT_MINUTES_MIN}
          max={SESSION_TIMEOUT_MINUTES_MAX}
          step={1}
          required
          hint={`Idle terminals are signed out after this many minutes (${SESSION_TIMEOUT_MINUTES_MIN}–${SESSION_TIMEOUT_MINUTES_MAX}).`}
          error={errors.sessionTimeoutMinutes?.message}
          {...register('sessionTimeoutMinutes', { valueAsNumber: true })}
        />
        <TextField
          label="Maximum failed sign-ins"
          type="number"
          min={MAX_FAILED_LOGINS_MIN}
          max={MAX_FAILED_LOGINS_MAX}
          step={1}
          required
          hint="An account is locked for 30 minutes after this many failed sign-ins in a row."
          error={errors.maxFailedLogins?.message}
          {...register('maxFailedLogins', { valueAsNumber: true })}
        />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3">
        <button type="submit" className="btn btn-primary" disabled={isSaving || !isDirty}>
          {isSaving ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {isSaving ? 'Saving...' : 'Save Policy'}
        </button>
      </div>
    </form>
  );
}

interface ChoiceGroupProps {
  legend: string;
  hint: string;
  options: { value: string; label: string }[];
  error?: string;
  registration: UseFormRegisterReturn;
}

/** A radio group as a fieldset: the legend names it, the hint (or the error) describes it. */
function ChoiceGroup({ legend, hint, options, error, registration }: ChoiceGroupProps) {
  const messageId = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={messageId}>
      <legend className="mb-1 font-medium">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex cursor-pointer items-center gap-3">
          <input type="radio" className="radio radio-primary radio-sm" value={option.value} {...registration} />
          <span>{option.label}</span>
        </label>
      ))}
      <p id={messageId} className={`text-sm ${error ? 'text-error' : 'text-base-content/70'}`}>
        {error ?? hint}
      </p>
    </fieldset>
  );
}
