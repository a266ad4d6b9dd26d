/**
 * One count: its header and the step it is at. Open: the sheet to count, Submit and Cancel. Submitted: the expected
 * and book quantities and each variance; a pharmacist or admin types a reason per variance and posts them (once, in
 * one transaction: post_inventory_count). Posted biennial inventory: a witness signs (when the Controlled settings ask
 * for one), then a pharmacist or admin signs, after which the record never changes. The database decides every step.
 */
import { cancelCountFormSchema, COUNT_STATUS_LABELS, missingVarianceReasons } from '@pharmacy/shared/inventory/count-session.ts';
import { useState } from 'react';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useCancelCount, usePostCount, useSignCount, useSubmitCount, useWitnessCount } from '../api/count-actions.ts';
import { useCountSheet } from '../api/get-count-sheet.ts';
import { countSessionTitle, shownDate, useCountSession } from '../api/get-count-sessions.ts';
import { COUNT_SHEET_PAGE_SIZE, CountSheet } from './count-sheet.tsx';

export interface CountSessionViewProps {
  pharmacyId: string;
  sessionId: string;
  canAdjust: boolean;
  onBack: () => void;
}

export function CountSessionView({ pharmacyId, sessionId, canAdjust, onBack }: CountSessionViewProps) {
  const session = useCountSession(pharmacyId, sessionId);
  const submit = useSubmitCount();
  const post = usePostCount();
  const cancel = useCancelCount();
  const witness = useWitnessCount();
  const sign = useSignCount();
  const [onlyVariances, setOnlyVariances] = useState(false);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [reasonErrors, setReasonErrors] = useState<Record<string, string>>({});
  const [cancelReason, setCancelReason] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The variances shown, to check their reasons before posting (the database checks all of them again).
  const shown = useCountSheet(pharmacyId, sessionId, onlyVariances, 0, COUNT_SHEET_PAGE_SIZE);

  const current = session.data;
  if (!current) {
    return (
      <SectionCard title="Count">
        {session.isError ? <p role="alert" className="alert alert-error alert-soft">The count could not be loaded: {session.error.message}</p> : <span className="loading loading-spinner" aria-label="Loading the count" />}
        <button type="button" className="btn btn-sm self-start" onClick={onBack}>Back to counts</button>
      </SectionCard>
    );
  }
  const title = countSessionTitle(current);
  const fail = (error: Error) => setProblem(error.message);

  function doSubmit() {
    setProblem(null);
    submit.mutate(sessionId, { onSuccess: () => toast({ title: 'Count submitted', description: `${title} is ready for a pharmacist to post.` }), onError: fail });
  }

  function doPost() {
    setProblem(null);
    const lines = (shown.data?.lines ?? []).map((line) => ({ lineId: line.lineId, varianceQuantity: line.varianceQuantity, estimated: line.estimated }));
    const missing = missingVarianceReasons(lines, reasons);
    setReasonErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const trimmed = Object.fromEntries(Object.entries(reasons).map(([lineId, reason]) => [lineId, reason.trim()]).filter(([, reason]) => reason !== ''));
    post.mutate({ sessionId, reasons: trimmed }, {
      onSuccess: () => toast({ title: 'Variances posted', description: `${title}: the stock now matches the count.` }),
      onError: fail,
    });
  }

  function doCancel() {
    const parsed = cancelCountFormSchema.safeParse({ reason: cancelReason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Give a reason');
      return;
    }
    setProblem(null);
    cancel.mutate({ sessionId, reason: parsed.data.reason }, { onSuccess: () => setCancelling(false), onError: fail });
  }

  const biennial = current.kind === 'biennial_controlled';
  const busy = submit.isPending || post.isPending || cancel.isPending || witness.isPending || sign.isPending;

  return (
    <SectionCard
      title={title}
      headerAction={<button type="button" className="btn btn-sm" onClick={onBack}>Back to counts</button>}
    >
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-base-content/70">Status</dt>
        <dd><span className="badge badge-soft">{COUNT_STATUS_LABELS[current.status]}</span>{current.signedAt ? <span className="badge badge-success badge-soft ml-1">Signed {shownDate(current.signedAt)}</span> : null}</dd>
        <dt className="text-base-content/70">Lines</dt>
        <dd>{current.lineCount.toLocaleString('en-US')}{current.blind ? ' · blind' : ''}</dd>
        {current.note ? (<><dt className="text-base-content/70">Note</dt><dd>{current.note}</dd></>) : null}
        {current.witnessedAt ? (<><dt className="text-base-content/70">Witnessed</dt><dd>{shownDate(current.witnessedAt)}</dd></>) : null}
      </dl>
      {current.status === 'open' && current.blind ? (
        <p className="text-sm text-base-content/70">Blind count: count what is on the shelf; the expected quantities show once the count is submitted.</p>
      ) : null}
      {current.status === 'submitted' ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="checkbox checkbox-sm" checked={onlyVariances} onChange={(event) => setOnlyVariances(event.target.checked)} />
          Only lines with a variance
        </label>
      ) : null}
      <CountSheet
        pharmacyId={pharmacyId}
        sessionId={sessionId}
        kind={current.kind}
        counting={current.status === 'open'}
        onlyVariances={onlyVariances}
        reasons={current.status === 'submitted' && canAdjust ? reasons : undefined}
        reasonErrors={reasonErrors}
        onReasonChange={(lineId, reason) => setReasons((all) => ({ ...all, [lineId]: reason }))}
      />
      {problem ? <p role="alert" className="alert alert-error alert-soft">{problem}</p> : null}
      <div className="flex flex-wrap items-end gap-2">
        {current.status === 'open' ? <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={doSubmit}>Submit count</button> : null}
        {current.status === 'submitted' && canAdjust ? (
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={doPost}>{post.isPending ? 'Posting…' : 'Post variances'}</button>
        ) : null}
        {current.status === 'submitted' && !canAdjust ? <p className="text-sm text-base-content/70">A pharmacist or admin posts the variances.</p> : null}
        {biennial && current.status === 'posted' && !current.signedAt ? (
          <>
            <button type="button" className="btn btn-sm" disabled={busy} onClick={() => witness.mutate(sessionId, { onSuccess: () => toast({ title: 'Signed as witness' }), onError: fail })}>
              Sign as witness
            </button>
            {canAdjust ? (
              <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => sign.mutate(sessionId, { onSuccess: () => toast({ title: 'Inventory signed', description: `${title} is signed and final.` }), onError: fail })}>
                Sign inventory
              </button>
            ) : null}
          </>
        ) : null}
        {(current.status === 'open' || (current.status === 'submitted' && canAdjust)) && !cancelling ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCancelling(true)}>Cancel count</button>
        ) : null}
        {cancelling ? (
          <>
            <label className="flex flex-col gap-1 text-sm">
              Reason for cancelling
              <input className="input input-sm w-64" maxLength={500} value={cancelReason} onChange={(event) => setCancelReason(event.target.value)} />
            </label>
            <button type="button" className="btn btn-error btn-sm" disabled={busy} onClick={doCancel}>Cancel this count</button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCancelling(false)}>Keep it</button>
          </>
        ) : null}
      </div>
    </SectionCard>
  );
}
