/**
 * Schedule Updates (issue 13: the weekly price update, run by Supabase Cron): the schedule as it stands — on or off,
 * the weekday and time in the pharmacy's time zone, the next run and how the last one went — and the dialog that
 * changes it (GET and PUT /api/drugs/pricing-schedule, validated with the shared schema).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { priceScheduleWriteSchema, WEEKDAY_NAMES, type PriceSchedule, type PriceScheduleWrite } from '@pharmacy/shared/drugs/pricing.ts';
import { useForm } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { usePriceSchedule } from '../api/get-price-schedule.ts';
import { useSavePriceSchedule } from '../api/save-price-schedule.ts';
import { countOf, localDateTime } from '../display-format.ts';


function lastRunText(lastRun: NonNullable<PriceSchedule['lastRun']>): string {
  const when = localDateTime(lastRun.finishedAt ?? lastRun.startedAt);
  return lastRun.status === 'succeeded'
    ? `${when}: succeeded, ${countOf(lastRun.localUpdatesApplied, 'price')} applied`
    : `${when}: failed${lastRun.detail ? ` (${lastRun.detail})` : ''}`;
}

export function PriceScheduleSummary({ pharmacyId }: { pharmacyId: string }) {
  const schedule = usePriceSchedule(pharmacyId);
  return (
    <QueryState query={schedule} errorText="The price update schedule could not be loaded" loadingLabel="Loading the schedule" skeletonRows={1} skeletonRowClassName="h-10" size="sm">
      {(data) => (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" aria-label="Weekly price update">
          <dt className="text-base-content/70">Weekly update</dt>
          <dd>{data.enabled ? `${WEEKDAY_NAMES[data.weekday]}s at ${data.time} (${data.timezone})` : 'Off'}</dd>
          <dt className="text-base-content/70">Next run</dt>
          <dd>{data.nextRunAt ? localDateTime(data.nextRunAt) : 'None scheduled'}</dd>
          <dt className="text-base-content/70">Last run</dt>
          <dd>{data.lastRun ? lastRunText(data.lastRun) : 'Never'}</dd>
        </dl>
      )}
    </QueryState>
  );
}

export interface PriceScheduleDialogProps {
  pharmacyId: string;
  open: boolean;
  onClose: () => void;
}

export function PriceScheduleDialog({ pharmacyId, open, onClose }: PriceScheduleDialogProps) {
  const schedule = usePriceSchedule(pharmacyId);
  const save = useSavePriceSchedule(pharmacyId);

  function onSave(values: PriceScheduleWrite) {
    save.mutate(values, {
      onSuccess: (saved) => {
        toast({
          title: 'Price Updates Scheduled',
          description: saved.enabled ? `Every ${WEEKDAY_NAMES[saved.weekday]} at ${saved.time} (${saved.timezone})` : 'The weekly price update is off',
        });
        onClose();
      },
      onError: (error) => toast({ title: 'Schedule Not Saved', description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <Dialog title="Schedule Updates" open={open} onClose={onClose} closeButton dismissible={!save.isPending}>
      <QueryState query={schedule} errorText="The price update schedule could not be loaded" loadingLabel="Loading the schedule" skeletonRows={3}>
        {(data) => (
          <ScheduleForm
            key={`${data.enabled}:${data.weekday}:${data.time}`}
            schedule={data}
            saving={save.isPending}
            onSave={onSave}
            onCancel={onClose}
          />
        )}
      </QueryState>
    </Dialog>
  );
}

interface ScheduleFormProps {
  schedule: PriceSchedule;
  saving: boolean;
  onSave: (values: PriceScheduleWrite) => void;
  onCancel: () => void;
}

function ScheduleForm({ schedule, saving, onSave, onCancel }: ScheduleFormProps) {
  const { register, handleSubmit, formState } = useForm<PriceScheduleWrite>({
    resolver: zodResolver(priceScheduleWriteSchema),
    defaultValues: { enabled: schedule.enabled, weekday: schedule.weekday, time: schedule.time },
  });
  const { errors } = formState;
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(onSave)(event)}>
      <p className="text-sm text-base-content/70">
        Once a week the prices of every active drug with an NDC are updated from CMS NADAC, as Update All Pricing does.
        Times are in your pharmacy's time zone ({schedule.timezone}).
      </p>
      <CheckboxField label="Update prices every week" error={errors.enabled?.message} {...register('enabled')} data-autofocus />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Day"
          options={WEEKDAY_NAMES.map((name, index) => ({ value: String(index), label: name }))}
          error={errors.weekday?.message}
          {...register('weekday', { valueAsNumber: true })}
        />
        <TextField label="Time" type="time" step={60} error={errors.time?.message} {...register('time')} />
      </div>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save Schedule'}
        </button>
      </div>
    </form>
  );
}
