/**
 * One settings group on its tab: loads it (GET; a group never saved shows the §9 defaults), edits it in a
 * react-hook-form form over the group's shared write schema, and saves it (PUT). The form starts from what the
 * server holds and is keyed by that answer, so after a save, which reloads the group, it starts again from what
 * was stored. Toasts exactly §8's words, every time; why a save failed is said in the form: each message of a
 * refusal at the field its path names (the api's 400 `details.fields`), and an alert by the save button with
 * the reason (cleared by the next submit). What was read but may not be saved as it is (a DEA number whose check
 * digit does not match, a required field onboarding left empty) is marked at its field as soon as the form opens,
 * and those fields are checked again as they change. The tab's fields are the children, bound by name through the
 * FormProvider.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { SETTINGS_GROUPS, SETTINGS_SAVE_FAILED_TOAST, SETTINGS_SAVED_TOAST, type SettingsGroupKey, type SettingsRead } from '@pharmacy/shared/settings/groups.ts';
import type { PlainObject } from '@pharmacy/shared/settings/secrets.ts';
import { useEffect, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useSettingsGroup } from '../../../hooks/use-settings-group.ts';
import { useUpdateSettingsGroup } from '../api/update-settings-group.ts';
import { formStartValues, placeSaveErrors } from '../settings-form-values.ts';
import { SecretStatusContext } from './secret-status.ts';

export interface SettingsGroupFormProps {
  pharmacyId: string;
  groupKey: SettingsGroupKey;
  /** The save button's text ("Save Printer Settings"). */
  saveLabel: string;
  /** Whether the form holds changes not saved (the screen warns before they are lost). */
  onDirtyChange: (dirty: boolean) => void;
  /**
   * Other features' tools for this group (test print, test email, queues), shown under the form, outside it, so
   * none of their buttons submits it.
   */
  actions?: ReactNode;
  /** Other content of the tab shown above the form, outside it (the pharmacy logo upload). */
  before?: ReactNode;
  /** The tab's fields, bound by name. */
  children: ReactNode;
}

export function SettingsGroupForm({ pharmacyId, groupKey, ...props }: SettingsGroupFormProps) {
  const group = useSettingsGroup(pharmacyId, groupKey);
  // Here, not in the form: the form starts over when the stored values change, the save outlives it.
  const save = useUpdateSettingsGroup(groupKey);
  return (
    <QueryState
      query={group}
      errorText={`The ${SETTINGS_GROUPS[groupKey].label} settings could not be loaded`}
      loadingLabel={`Loading the ${SETTINGS_GROUPS[groupKey].label} settings`}
      skeletonRows={6}
    >
      {(read) => (
        <LoadedSettingsForm
          // A new start only when what the server holds changed (a save, another admin's): a refetch that reads the
          // same values (a refused save, another terminal's change of another group) keeps the edits and the reason.
          key={JSON.stringify(read)}
          groupKey={groupKey}
          read={read}
          isSaving={save.isPending}
          save={(values) => save.mutateAsync(values as never)}
          {...props}
        />
      )}
    </QueryState>
  );
}

interface LoadedSettingsFormProps extends Omit<SettingsGroupFormProps, 'pharmacyId'> {
  read: SettingsRead<SettingsGroupKey>;
  isSaving: boolean;
  save: (values: PlainObject) => Promise<unknown>;
}

/** Every message of the form's errors, in field order. */
function errorMessages(errors: FieldErrors): string[] {
  const messages: string[] = [];
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') messages.push(message);
    for (const [key, child] of Object.entries(node)) if (key !== 'ref' && key !== 'message') visit(child);
  };
  visit(errors);
  return [...new Set(messages)];
}

/** §8's failure toast, exactly its words (the reason is the form's alert). */
function failureToast() {
  toast({ title: SETTINGS_SAVE_FAILED_TOAST.title, description: SETTINGS_SAVE_FAILED_TOAST.description, variant: 'destructive' });
}

/** "Correct the marked fields: A; B; C" (at most three named; the fields show them all). */
function fixTheFields(messages: readonly string[]): string {
  return `Correct the marked fields: ${messages.slice(0, 3).join('; ')}${messages.length > 3 ? '; …' : ''}.`;
}

function LoadedSettingsForm({ groupKey, read, saveLabel, isSaving, save, onDirtyChange, actions, before, children }: LoadedSettingsFormProps) {
  const { schema } = SETTINGS_GROUPS[groupKey];
  // The form is keyed by each load, so this is decided once per read.
  const [startValues] = useState(() => formStartValues(groupKey, read as never));
  const [startsWithProblems] = useState(() => !(schema as { safeParse(value: unknown): { success: boolean } }).safeParse(startValues).success);
  const form = useForm<PlainObject>({
    resolver: zodResolver(schema as never) as unknown as Resolver<PlainObject>,
    defaultValues: startValues,
    // Marked problems follow the edits; a form read without problems is checked on submit, as every form here.
    mode: startsWithProblems ? 'onChange' : 'onSubmit',
  });
  const { isDirty } = form.formState;
  // Why the last save failed, said by the save button; null when it did not fail (or a new submit began).
  const [saveProblem, setSaveProblem] = useState<string | null>(null);

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => {
    if (startsWithProblems) void form.trigger();
  }, [form, startsWithProblems]);

  async function submit(values: PlainObject) {
    try {
      await save(values);
      toast({ title: SETTINGS_SAVED_TOAST.title, description: SETTINGS_SAVED_TOAST.description });
    } catch (error) {
      // A refusal (4xx) says why: a schema's 400 lists its problems with their fields, another refusal (the
      // database's) has its message. A failure without a reason (the server or the network) has only the toast.
      const refusal = error instanceof ApiError && error.status !== null && error.status < 500;
      const issues = !refusal
        ? []
        : error.fields.length > 0
          ? error.fields
          : (error.errors.length > 0 ? error.errors : [error.message]).map((message) => ({ path: '', message }));
      const placed = placeSaveErrors(form.getValues(), issues);
      for (const { name, message } of placed.fields) form.setError(name, { type: 'server', message }, { shouldFocus: true });
      const reasons = placed.fields.length > 0 ? [fixTheFields(placed.fields.map((field) => field.message)), ...placed.unplaced] : placed.unplaced;
      setSaveProblem(reasons.length > 0 ? reasons.join(' ') : null);
      failureToast();
    }
  }

  return (
    <SecretStatusContext.Provider value={read}>
      {before}
      <FormProvider {...form}>
        <form
          noValidate
          className="flex flex-col gap-6"
          aria-label={`${SETTINGS_GROUPS[groupKey].label} settings`}
          onSubmit={(event) => {
            setSaveProblem(null);
            // Refused here, nothing is sent: the fields say where, the alert says what.
            void form.handleSubmit(submit, (errors) => {
              setSaveProblem(fixTheFields(errorMessages(errors)));
              failureToast();
            })(event);
          }}
        >
          {children}
          <div className="flex flex-wrap items-center justify-end gap-3">
            {saveProblem === null ? null : (
              <div role="alert" data-testid="save-problem" className="alert alert-error alert-soft py-2 text-sm">
                {saveProblem}
              </div>
            )}
            <button type="submit" className="btn btn-primary" disabled={isSaving}>
              {isSaving ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              {isSaving ? 'Saving...' : saveLabel}
            </button>
          </div>
        </form>
      </FormProvider>
      {actions ? (
        <div role="group" aria-label={`${SETTINGS_GROUPS[groupKey].label} tools`} className="flex flex-wrap items-center gap-3 border-t border-base-300 pt-4">
          {actions}
        </div>
      ) : null}
    </SecretStatusContext.Provider>
  );
}
