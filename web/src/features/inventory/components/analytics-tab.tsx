/**
 * The Analytics tab: the 7, 30 and 90-day summaries from the ledger (dispensed, returned, waste, turnover) and the
 * predictive settings (spec §5: prediction window 7–90 days, default 30; utilization threshold 50–100 %, default
 * 80), saved by pharmacists and admins, after which the predictions are recomputed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { predictionSettingsSchema, type PredictionSettings } from '@pharmacy/shared/inventory/inventory-item.ts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field.tsx';
import { QueryErrorNotice } from '../../../components/ui/query-state.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useInventoryAnalytics } from '../api/get-inventory-analytics.ts';
import { usePredictionSettings } from '../api/get-prediction-settings.ts';
import { useSavePredictionSettings } from '../api/save-prediction-settings.ts';

export function AnalyticsTab({ pharmacyId, canAdjust }: { pharmacyId: string; canAdjust: boolean }) {
  const analytics = useInventoryAnalytics(pharmacyId);
  return (
    <div className="flex flex-col gap-4">
      <SectionCard title="Usage by period">
        <QueryErrorNotice query={analytics} errorText="The analytics could not be loaded" />
        <div className="overflow-x-auto">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">Dispensed</th>
                <th scope="col">Returned</th>
                <th scope="col">Waste</th>
                <th scope="col">Turnover</th>
              </tr>
            </thead>
            <tbody>
              {(analytics.data ?? []).map((period) => (
                <tr key={period.days}>
                  <th scope="row">Last {period.days} days</th>
                  <td>{period.dispensed.toLocaleString('en-US')}</td>
                  <td>{period.returned.toLocaleString('en-US')}</td>
                  <td>{period.waste.toLocaleString('en-US')}</td>
                  <td>{period.turnover === null ? 'n/a' : `${period.turnover.toFixed(2)}×`}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {analytics.isPending ? <span className="loading loading-dots" aria-label="Loading analytics" /> : null}
        </div>
        <p className="text-xs text-base-content/70">Units from the stock ledger; turnover is the cost of goods dispensed over the average inventory value.</p>
      </SectionCard>
      <PredictionSettingsForm pharmacyId={pharmacyId} canAdjust={canAdjust} />
    </div>
  );
}

function PredictionSettingsForm({ pharmacyId, canAdjust }: { pharmacyId: string; canAdjust: boolean }) {
  const settings = usePredictionSettings(pharmacyId);
  const save = useSavePredictionSettings(pharmacyId);
  const form = useForm<PredictionSettings>({ resolver: zodResolver(predictionSettingsSchema) });
  useEffect(() => {
    if (settings.data) form.reset(settings.data);
  }, [settings.data, form]);
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast({ title: 'Settings saved', description: 'Predictions were recomputed with the new settings.' }),
      onError: (error) => toast({ title: 'Settings not saved', description: error.message, variant: 'destructive' }),
    }),
  );
  return (
    <SectionCard title="Predictive settings">
      <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Prediction window (days)" type="number" min={7} max={90} disabled={!canAdjust}
            error={errors.predictionWindowDays?.message} {...form.register('predictionWindowDays', { valueAsNumber: true })} />
          <TextField label="Utilization threshold (%)" type="number" min={50} max={100} disabled={!canAdjust}
            error={errors.utilizationThresholdPercent?.message} {...form.register('utilizationThresholdPercent', { valueAsNumber: true })} />
        </div>
        {canAdjust ? (
          <div>
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save settings'}</button>
          </div>
        ) : (
          <p className="text-sm text-base-content/70">Only a pharmacist or admin can change the predictive settings.</p>
        )}
      </form>
    </SectionCard>
  );
}
