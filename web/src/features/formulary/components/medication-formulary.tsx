/**
 * A medication's formulary (issue 13): one row per insurance type with its tier, prior authorisation, quantity
 * limit and notes, from public.formulary_entries (staff read). With `canEdit` (pharmacists and admins — the
 * database enforces it whatever this says) entries are added, edited and removed here. The Drug Database screen
 * renders it for the chosen drug; billing reads the same rows (GET /api/drugs/formulary/{id}).
 */
import {
  FORMULARY_MESSAGES, formatQuantityLimit, formularyTierLabel, insuranceTypeLabel,
} from '@pharmacy/shared/drugs/formulary.ts';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useDeleteFormularyEntry } from '../api/delete-formulary-entry.ts';
import { type MedicationFormularyEntry, useMedicationFormulary } from '../api/get-medication-formulary.ts';
import { insuranceTypesWithoutEntry } from '../formulary-form-values.ts';
import { FormularyEntryDialog } from './formulary-entry-dialog.tsx';

export interface MedicationFormularyProps {
  pharmacyId: string;
  medicationId: string;
  medicationName: string;
  /** Whether the signed-in staff member may write entries (pharmacist or admin). */
  canEdit: boolean;
}

type Editing = { entry: MedicationFormularyEntry | null } | null;

export function MedicationFormulary({ pharmacyId, medicationId, medicationName, canEdit }: MedicationFormularyProps) {
  const formulary = useMedicationFormulary(pharmacyId, medicationId);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<MedicationFormularyEntry | null>(null);
  const freeTypes = insuranceTypesWithoutEntry(formulary.data ?? []);
  const headingId = `formulary-${medicationId}`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          Formulary — {medicationName}
        </h3>
        {canEdit && formulary.data && freeTypes.length > 0 ? (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing({ entry: null })}>
            Add Formulary Entry
          </button>
        ) : null}
      </div>
      <QueryState
        query={formulary}
        errorText="The formulary entries could not be loaded"
        isEmpty={(entries) => entries.length === 0}
        emptyText={`No formulary entries for ${medicationName} yet.`}
        loadingLabel="Loading formulary entries"
        skeletonRows={2}
        skeletonRowClassName="h-10"
      >
        {(entries) => (
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <caption className="sr-only">Formulary entries of {medicationName}</caption>
              <thead>
                <tr>
                  <th scope="col">Insurance type</th>
                  <th scope="col">Tier</th>
                  <th scope="col">Prior authorization</th>
                  <th scope="col">Quantity limit</th>
                  <th scope="col">Notes</th>
                  {canEdit ? <th scope="col"><span className="sr-only">Actions</span></th> : null}
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row">{insuranceTypeLabel(entry.insuranceType)}</th>
                    <td>{formularyTierLabel(entry.tier)}</td>
                    <td>{entry.priorAuthorization ? 'Required' : 'Not required'}</td>
                    <td>{formatQuantityLimit(entry.quantityLimit)}</td>
                    <td className="max-w-xs whitespace-pre-wrap">{entry.notes ?? '—'}</td>
                    {canEdit ? (
                      <td className="whitespace-nowrap text-right">
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs"
                          aria-label={`Edit ${insuranceTypeLabel(entry.insuranceType)} entry`}
                          onClick={() => setEditing({ entry })}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs text-error"
                          aria-label={`Remove ${insuranceTypeLabel(entry.insuranceType)} entry`}
                          onClick={() => setRemoving(entry)}
                        >
                          Remove
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {editing ? (
        <FormularyEntryDialog
          medicationId={medicationId}
          medicationName={medicationName}
          entry={editing.entry}
          insuranceTypes={editing.entry ? [editing.entry.insuranceType, ...freeTypes] : freeTypes}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {removing ? (
        <RemoveFormularyEntryDialog
          medicationName={medicationName}
          entry={removing}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}

interface RemoveFormularyEntryDialogProps {
  medicationName: string;
  entry: MedicationFormularyEntry;
  onClose: () => void;
}

function RemoveFormularyEntryDialog({ medicationName, entry, onClose }: RemoveFormularyEntryDialogProps) {
  const remove = useDeleteFormularyEntry();
  const [refusal, setRefusal] = useState<string | null>(null);
  const type = insuranceTypeLabel(entry.insuranceType);
  return (
    <Dialog open title="Remove Formulary Entry" onClose={onClose} dismissible={!remove.isPending}>
      {refusal ? (
        <div role="alert" className="alert alert-error alert-soft mb-3">
          {refusal}
        </div>
      ) : null}
      <p>
        Remove the {type} entry of {medicationName}? Billing will no longer find a formulary entry for this insurance type.
      </p>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose} disabled={remove.isPending} data-autofocus>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-error"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(entry.id, {
              onSuccess: () => {
                toast({ title: FORMULARY_MESSAGES.removed, description: `${medicationName}: ${type}` });
                onClose();
              },
              onError: (failure) => setRefusal(failure.message),
            })
          }
        >
          Remove Entry
        </button>
      </div>
    </Dialog>
  );
}
