/**
 * The Refill button with what a refusal asks for, for every screen offering Refill (the queue's completed cards,
 * the queue's Rx-number dialog, the patient's profile): the database's sentence when it refuses, and — when the
 * refusal is "too soon" and the signed-in staff member may allow it (pharmacists and admins) — a reason field and
 * Refill early, which sends the reason (the database records who allowed it). A technician sees the sentence only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { RefillResponse } from '@pharmacy/shared/api/prescriptions.ts';
import { isRefillTooSoon, refillRequestSchema } from '@pharmacy/shared/prescriptions/refills.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useRefillPrescription } from '../../hooks/use-refill-prescription.ts';
import { TextField } from '../form/text-field.tsx';

const earlyRefillSchema = refillRequestSchema.required();
type EarlyRefill = { tooSoonReason: string };

export interface RefillControlsProps {
  /** Any fill of the prescription, or the prescription (order). */
  prescriptionId: string;
  /** The signed-in staff member may allow a refill too soon (permission prescriptions:verify). */
  canAllowTooSoon: boolean;
  onRefilled: (fill: RefillResponse) => Promise<void> | void;
  /** Focus the Refill button when shown (the Rx-number dialog: Enter again confirms). */
  autoFocus?: boolean;
  /** Small buttons (cards, table rows). */
  small?: boolean;
  /** The accessible name of the Refill button when the text alone is ambiguous (a row of a table). */
  buttonLabel?: string;
  className?: string;
}

export function RefillControls({ prescriptionId, canAllowTooSoon, onRefilled, autoFocus = false, small = false, buttonLabel, className = '' }: RefillControlsProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const refill = useRefillPrescription(onRefilled);
  const form = useForm<EarlyRefill>({ resolver: zodResolver(earlyRefillSchema), defaultValues: { tooSoonReason: '' } });
  const size = small ? 'btn-sm' : '';
  const mayAllow = canAllowTooSoon && isRefillTooSoon(refusal);

  const send = (tooSoonReason?: string) => {
    setRefusal(null);
    refill.mutate(
      { prescriptionId, ...(tooSoonReason === undefined ? {} : { tooSoonReason }) },
      {
        onSuccess: () => form.reset(),
        onError: (error) => setRefusal(error.message),
      },
    );
  };
  const submitEarly = form.handleSubmit((values) => send(values.tooSoonReason));

  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      {refusal !== null ? (
        <p role="alert" className="text-sm text-error">
          {refusal}
        </p>
      ) : null}
      {mayAllow ? (
        <form className="flex flex-col gap-2" noValidate onSubmit={(event) => void submitEarly(event)}>
          <TextField
            label="Reason for refilling early"
            autoFocus
            required
            error={form.formState.errors.tooSoonReason?.message}
            {...form.register('tooSoonReason')}
          />
          <div className="flex justify-end">
            <button type="submit" className={`btn btn-warning ${size}`} disabled={refill.isPending}>
              {refill.isPending ? 'Refilling…' : 'Refill early'}
            </button>
          </div>
        </form>
      ) : (
        <div className="flex justify-end">
          <button
            type="button"
            className={`btn btn-primary ${size}`}
            disabled={refill.isPending}
            aria-label={buttonLabel}
            // Both: data-autofocus when the dialog opens with it, autoFocus when it appears in an open dialog.
            data-autofocus={autoFocus ? true : undefined}
            autoFocus={autoFocus}
            onClick={() => send()}
          >
            {refill.isPending ? 'Refilling…' : 'Refill'}
          </button>
        </div>
      )}
    </div>
  );
}
