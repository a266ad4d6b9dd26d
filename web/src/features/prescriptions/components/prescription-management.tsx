/**
 * Prescription Management (spec part 1 §2 /prescriptions, §4): the New Prescription button, the counters by
 * type, the Pending / Processing / Ready / Completed tabs (counters and tab counts exact, counted by the
 * database; each tab paged by the database, newest first, with Load more; the spec's empty texts), Refresh, and
 * the cards with their actions. Completed can be searched by Rx number or patient and by the date filled. The
 * queue is live (realtime events edit the loaded pages in place) and shows which colleague has which
 * prescription open (presence). Opening a prescription records the access on the audit trail first. When the
 * pharmacy requires a double count (System Settings → Controlled), a Schedule II prescription being processed
 * shows its counts and Double Count. A completed card offers Refill; an Rx number typed in the search box and
 * Enter opens the Refill dialog for it (the next fill enters Pending on every terminal).
 */
import { needsDoubleCount } from '@pharmacy/shared/prescriptions/controlled-substance-status.ts';
import { alertBlocks, hasSevereFinding, OVERRIDE_POLICY_MESSAGES } from '@pharmacy/shared/security/override-policy.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { QueryErrorNotice, QueryState } from '../../../components/ui/query-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { usePrintLabel } from '../../../hooks/use-print-label.ts';
import { MonographPrintDialog } from '../../../components/print/monograph-print-dialog.tsx';
import type { RefillResponse } from '@pharmacy/shared/api/prescriptions.ts';
import { useConfirmStepUp, type StepUpProof } from '../api/confirm-step-up.ts';
import { useControlledSubstanceStatus } from '../api/get-controlled-substance-status.ts';
import { useOverrideApprovals, type OverrideApproval } from '../api/get-override-approvals.ts';
import { DEFAULT_OVERRIDE_POLICY, useOverridePolicy } from '../api/get-override-policy.ts';
import { useQueueCounts } from '../api/get-queue-counts.ts';
import { useTotpFactor } from '../api/get-totp-factor.ts';
import { useQueuePage } from '../api/get-queue-page.ts';
import { refreshQueuePrescription } from '../api/get-queue-prescription.ts';
import { openInteractionAlert, PRESCRIPTION_STATUSES, type PrescriptionStatus, type QueuePrescription } from '../api/prescription-model.ts';
import { StatusChangeRefused, useUpdatePrescriptionStatus, type StatusChange } from '../api/update-prescription-status.ts';
import { NO_QUEUE_FILTERS, type QueueFilters } from '../keys.ts';
import { useLiveQueue } from '../hooks/use-live-queue.ts';
import { usePrescriptionPresence } from '../hooks/use-prescription-presence.ts';
import { ControlledCountList } from './controlled-count-list.tsx';
import { DoubleCountDialog } from './double-count-dialog.tsx';
import { InteractionAlertDialog } from './interaction-alert-dialog.tsx';
import { type AddPrescriberDialog, NewPrescriptionDialog } from './new-prescription-dialog.tsx';
import { PrescriptionCard } from './prescription-card.tsx';
import { RecordedPrescriptionOpen } from './recorded-prescription-open.tsx';
import { RefillByRxDialog } from './refill-by-rx-dialog.tsx';
import { ReturnToStockDialog } from './return-to-stock-dialog.tsx';
import { refillPendingMessage, rxNumberOf } from '../rx-number-search.ts';
import type { QueueStaff } from './queue-staff.ts';

/** The tabs whose history grows without end, and so can be searched. */
const SEARCHABLE: ReadonlySet<PrescriptionStatus> = new Set(['completed']);

const TAB_LABEL: Record<PrescriptionStatus, string> = { pending: 'Pending', processing: 'Processing', ready: 'Ready', completed: 'Completed' };

const EMPTY_TEXT: Record<PrescriptionStatus, string> = {
  pending: 'No pending prescriptions',
  processing: 'No prescriptions being processed',
  ready: 'No prescriptions ready for pickup',
  completed: 'No completed prescriptions',
};

const COUNTERS: readonly { label: string; type: QueuePrescription['prescriptionType'] }[] = [
  { label: 'E-Prescriptions', type: 'electronic' },
  { label: 'Written RX', type: 'written' },
  { label: 'Fax RX', type: 'fax' },
  { label: 'Verbal Orders', type: 'verbal' },
];

/** "Showing 25 of 1,204" when the tab's total is known, else what is loaded and whether more follows. */
function shownCountText(loaded: number, total: number | null, more: boolean): string {
  if (total !== null) return `Showing ${loaded.toLocaleString('en-US')} of ${Math.max(total, loaded).toLocaleString('en-US')}`;
  return more ? `Showing the first ${loaded.toLocaleString('en-US')}` : `Showing all ${loaded.toLocaleString('en-US')}`;
}

/** Under dual approval, what a recorded approval means for the person looking at the alert. */
function approvalNotice(approval: OverrideApproval, userId: string): string {
  if (approval.approvedBy === userId) return `You approved this override ("${approval.reason}"); a second pharmacist or admin must approve it.`;
  return `First approval by ${approval.approverName ?? 'a colleague'} ("${approval.reason}"); your approval processes the prescription.`;
}

export interface PrescriptionManagementProps {
  staff: QueueStaff;
  /** The Add Provider dialog for the New Prescription form (from the providers feature, given by the route). */
  addPrescriberDialog?: AddPrescriberDialog;
  /** The tab shown first (default Pending) and the search typed first (a link to one prescription, queue-link.ts). */
  initialTab?: PrescriptionStatus;
  initialSearch?: string;
  /** Opens on this Rx number's Refill dialog (the header's global search). */
  initialRefillRxNumber?: number;
}

export function PrescriptionManagement({ staff, addPrescriberDialog, initialTab = 'pending', initialSearch = '', initialRefillRxNumber }: PrescriptionManagementProps) {
  const [tab, setTab] = useState<PrescriptionStatus>(initialTab);
  const [creating, setCreating] = useState(false);
  const [alertPrescriptionId, setAlertPrescriptionId] = useState<string | null>(null);
  const [countingPrescriptionId, setCountingPrescriptionId] = useState<string | null>(null);
  const [returningPrescription, setReturningPrescription] = useState<QueuePrescription | null>(null);
  /** The database asked for the password before overriding this prescription's severe alert (step-up). */
  const [stepUp, setStepUp] = useState<{ prescriptionId: string; message: string; error: string | null } | null>(null);
  const tabsId = useId();
  const [search, setSearch] = useState(initialSearch);
  // As the patient search (spec §9): the database is asked once typing stops.
  const { term: debouncedSearch, settling } = useSearchTerm(search);
  const [filledOn, setFilledOn] = useState('');
  /** The Rx number typed in the search box when Enter was pressed: its Refill dialog is open. */
  const [refillRxNumber, setRefillRxNumber] = useState<number | null>(initialRefillRxNumber ?? null);
  useLiveQueue(staff.pharmacyId);
  const presence = usePrescriptionPresence(staff, alertPrescriptionId);
  const counts = useQueueCounts(staff.pharmacyId);
  const searchable = SEARCHABLE.has(tab);
  const filters: QueueFilters = searchable ? { search: debouncedSearch, filledOn } : NO_QUEUE_FILTERS;
  const filtered = filters.search !== '' || filters.filledOn !== '';
  const shown = useQueuePage(staff.pharmacyId, tab, filters);
  const shownPrescriptions = shown.data?.pages.flatMap((page) => page.prescriptions) ?? [];
  const queryClient = useQueryClient();
  const update = useUpdatePrescriptionStatus(staff.pharmacyId);
  const confirmStepUp = useConfirmStepUp();
  const policy = useOverridePolicy(staff.pharmacyId).data ?? DEFAULT_OVERRIDE_POLICY;
  const totpFactorId = useTotpFactor(staff.pharmacyId, staff.userId, policy.stepUpForHighRiskOverrides).data ?? null;
  const label = usePrintLabel(staff.pharmacyId);
  const controlled = useControlledSubstanceStatus(staff.pharmacyId).data;
  const canVerify = staff.permissions.includes('prescriptions:verify');
  const canReturnToStock = staff.permissions.includes('inventory:adjust');
  const canOverride = staff.permissions.includes('interactions:override');
  const alertPrescription = alertPrescriptionId ? shownPrescriptions.find((prescription) => prescription.id === alertPrescriptionId) : undefined;
  const openAlert = alertPrescription ? openInteractionAlert(alertPrescription) : null;
  const countingPrescription = countingPrescriptionId ? shownPrescriptions.find((prescription) => prescription.id === countingPrescriptionId) : undefined;
  const dualApproval = policy.overrideAuthority === 'dual_approval' && openAlert?.resolvedBy === 'processing';
  const approvals = useOverrideApprovals(staff.pharmacyId, alertPrescription?.id ?? '', dualApproval && alertPrescription !== undefined).data ?? [];

  const changeStatus = (change: StatusChange, onDone?: () => void) =>
    update.mutate(change, {
      onSuccess: (outcome) => {
        if (outcome === 'approval-recorded') toast({ title: 'Approval recorded', description: OVERRIDE_POLICY_MESSAGES.approvalRecorded });
        else toast({ title: 'Success', description: 'Prescription updated successfully' });
        setStepUp(null);
        onDone?.();
      },
      onError: (error) => {
        // Step-up: the dialog stays open and asks for the password (the database's message says why).
        if (error instanceof StatusChangeRefused && error.stepUpRequired) {
          setStepUp({ prescriptionId: change.prescriptionId, message: error.message, error: null });
          return;
        }
        toast({ title: 'Error', description: error.message, variant: 'destructive' });
        // Verification found something new since entry: the finding is stored; open it for review.
        if (error instanceof StatusChangeRefused && error.newFindings) setAlertPrescriptionId(change.prescriptionId);
      },
    });

  /** Confirms the password or TOTP code, then sends the override again; a wrong one stays in the dialog. */
  const overrideAfterStepUp = (change: StatusChange, proof: StepUpProof) =>
    confirmStepUp.mutate(proof, {
      onSuccess: () => changeStatus(change, () => setAlertPrescriptionId(null)),
      onError: (error) => setStepUp((current) => (current ? { ...current, error: error.message } : current)),
    });

  const closeAlert = () => {
    setAlertPrescriptionId(null);
    setStepUp(null);
  };

  /** What the policy says about an alert, shown in the dialog (the database enforces it). */
  const alertNotices = (flags: NonNullable<typeof openAlert>['flags'], resolvedBy: 'processing' | 'ready'): string[] => [
    ...(alertBlocks(policy.aiRiskAssessment, flags) ? [] : [OVERRIDE_POLICY_MESSAGES.advisoryNotice]),
    ...(resolvedBy === 'processing' && policy.overrideAuthority === 'dual_approval' ? [OVERRIDE_POLICY_MESSAGES.dualApprovalNotice] : []),
    ...(resolvedBy === 'processing' ? approvals.map((approval) => approvalNotice(approval, staff.userId)) : []),
    ...(policy.stepUpForHighRiskOverrides && hasSevereFinding(flags) && stepUp === null ? [OVERRIDE_POLICY_MESSAGES.stepUpPrompt] : []),
  ];

  const printLabel = (prescriptionId: string) => label.print(prescriptionId);

  /** A refill was entered here: say so, and place it into the cached tabs (other terminals get it by realtime). */
  const onRefilled = async (fill: RefillResponse) => {
    toast({ title: 'Refill entered', description: refillPendingMessage(fill) });
    setRefillRxNumber(null);
    await refreshQueuePrescription(queryClient, staff.pharmacyId, fill.id);
  };

  const refresh = () => {
    void counts.refetch();
    void shown.refetch();
  };
  const isSearching = shown.isFetching && !shown.isFetchingNextPage && shown.isPlaceholderData;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Prescription Management</h1>
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          New Prescription
        </button>
      </div>

      <section aria-label="Prescription counters" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {COUNTERS.map((counter) => (
          <div key={counter.type} className="stat rounded-box border border-base-300 bg-base-100">
            <div className="stat-title">{counter.label}</div>
            <div className="stat-value text-2xl" aria-label={`${counter.label} count`}>
              {counts.data ? counts.data.byType[counter.type] : '—'}
            </div>
          </div>
        ))}
      </section>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabList
          baseId={tabsId}
          label="Prescription queue"
          items={PRESCRIPTION_STATUSES.map((status) => ({ id: status, label: `${TAB_LABEL[status]} (${counts.data ? counts.data.byStatus[status] : '…'})` }))}
          selected={tab}
          onSelect={setTab}
        />
        <button type="button" className="btn btn-outline btn-sm" onClick={refresh} disabled={counts.isFetching || shown.isFetching}>
          Refresh
        </button>
      </div>

      <QueryErrorNotice query={counts} errorText="The prescription counts could not be loaded" />

      <TabPanel baseId={tabsId} selected={tab} className="flex flex-col gap-3">
        {searchable ? (
          <form
            role="search"
            aria-label={`Search ${TAB_LABEL[tab].toLowerCase()} prescriptions`}
            className="flex flex-wrap items-center gap-3"
            onSubmit={(event) => {
              // Enter on an Rx number in the search box opens its Refill dialog; typing still narrows the tab. Enter
              // in the date field submits this form too, and must not open it.
              event.preventDefault();
              const from = document.activeElement;
              if (from instanceof HTMLInputElement && from.type !== 'search') return;
              setRefillRxNumber(rxNumberOf(search));
            }}
          >
            <SearchInput
              label="Search by Rx number or patient"
              placeholder="Search by Rx number or patient..."
              value={search}
              onChange={setSearch}
              busy={settling || isSearching}
            />
            <label className="input w-auto">
              <span className="label">Date filled</span>
              <input type="date" value={filledOn} onChange={(event) => setFilledOn(event.target.value)} aria-label="Date filled" />
            </label>
            {search !== '' || filledOn !== '' ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => {
                  setSearch('');
                  setFilledOn('');
                }}
              >
                Clear search
              </button>
            ) : null}
          </form>
        ) : null}
        <QueryState
          query={shown}
          errorText="The prescriptions could not be loaded"
          loadingLabel="Loading prescriptions"
          skeletonRowClassName="h-28"
          isEmpty={(data) => data.pages.every((page) => page.prescriptions.length === 0)}
          emptyText={filtered ? 'No prescriptions match the search' : EMPTY_TEXT[tab]}
        >
          {() =>
            shownPrescriptions.map((prescription) => {
              const counting = needsDoubleCount(controlled, prescription.medication.deaSchedule, prescription.status);
              return (
                <PrescriptionCard
                  key={prescription.id}
                  prescription={prescription}
                  canVerify={canVerify}
                  alertBlocksProcessing={alertBlocks(policy.aiRiskAssessment, prescription.aiFlags)}
                  busy={update.isPending && update.variables?.prescriptionId === prescription.id}
                  printing={label.printingId === prescription.id}
                  presentStaff={presence.get(prescription.id) ?? []}
                  onProcess={() => changeStatus({ prescriptionId: prescription.id, status: 'processing' })}
                  onVerify={() => changeStatus({ prescriptionId: prescription.id, status: 'ready' })}
                  onComplete={() => changeStatus({ prescriptionId: prescription.id, status: 'completed' })}
                  onPrintLabel={() => printLabel(prescription.id)}
                  onReviewAlert={() => setAlertPrescriptionId(prescription.id)}
                  onRefilled={onRefilled}
                  doubleCounts={counting ? <ControlledCountList pharmacyId={staff.pharmacyId} prescriptionId={prescription.id} /> : undefined}
                  onDoubleCount={counting ? () => setCountingPrescriptionId(prescription.id) : undefined}
                  onReturnToStock={canReturnToStock ? () => setReturningPrescription(prescription) : undefined}
                />
              );
            })
          }
        </QueryState>
        {shown.isSuccess && shownPrescriptions.length > 0 ? (
          <div className="flex flex-wrap items-center justify-center gap-3 py-2">
            <span className="text-sm text-base-content/70">
              {shownCountText(shownPrescriptions.length, filtered ? null : (counts.data?.byStatus[tab] ?? null), shown.hasNextPage)}
            </span>
            {shown.hasNextPage ? (
              <button type="button" className="btn btn-outline btn-sm" onClick={() => void shown.fetchNextPage()} disabled={shown.isFetchingNextPage}>
                {shown.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            ) : null}
          </div>
        ) : null}
        {shown.data !== undefined ? (
          <QueryErrorNotice
            query={{ error: shown.error, isFetching: shown.isFetching, refetch: shown.isFetchNextPageError ? shown.fetchNextPage : shown.refetch }}
            errorText={shown.isFetchNextPageError ? 'More prescriptions could not be loaded' : 'The prescriptions could not be refreshed'}
          />
        ) : null}
      </TabPanel>

      {refillRxNumber !== null ? (
        <RefillByRxDialog
          pharmacyId={staff.pharmacyId}
          rxNumber={refillRxNumber}
          canAllowTooSoon={canVerify}
          onRefilled={onRefilled}
          onClose={() => setRefillRxNumber(null)}
        />
      ) : null}
      {creating ? (
        <NewPrescriptionDialog
          pharmacyId={staff.pharmacyId}
          onClose={() => setCreating(false)}
          canOverrideExclusion={staff.permissions.includes('prescribers:verify')}
          {...(addPrescriberDialog ? { addPrescriberDialog } : {})}
        />
      ) : null}
      {countingPrescription ? (
        <DoubleCountDialog pharmacyId={staff.pharmacyId} prescription={countingPrescription} onClose={() => setCountingPrescriptionId(null)} />
      ) : null}
      <ReturnToStockDialog prescription={returningPrescription} onClose={() => setReturningPrescription(null)} />
      {alertPrescription && openAlert ? (
        <RecordedPrescriptionOpen
          key={alertPrescription.id}
          prescription={alertPrescription}
          onFailed={(message) => {
            toast({ title: 'Error', description: message, variant: 'destructive' });
            setAlertPrescriptionId(null);
          }}
        >
          <InteractionAlertDialog
            key={`${alertPrescription.id}:${openAlert.resolvedBy}`}
            prescription={alertPrescription}
            flags={openAlert.flags}
            resolvedBy={openAlert.resolvedBy}
            canOverride={canOverride}
            overriding={update.isPending}
            notices={alertNotices(openAlert.flags, openAlert.resolvedBy)}
            stepUp={
              stepUp?.prescriptionId === alertPrescription.id
                ? {
                    message: stepUp.message,
                    error: stepUp.error,
                    confirming: confirmStepUp.isPending,
                    totpFactorId,
                    onConfirm: (proof, reason) =>
                      overrideAfterStepUp({ prescriptionId: alertPrescription.id, status: openAlert.resolvedBy, overrideReason: reason }, proof),
                  }
                : null
            }
            onOverride={(reason) =>
              changeStatus({ prescriptionId: alertPrescription.id, status: openAlert.resolvedBy, overrideReason: reason }, () => setAlertPrescriptionId(null))
            }
            onClose={closeAlert}
          />
        </RecordedPrescriptionOpen>
      ) : null}
      <MonographPrintDialog flow={label} />
    </div>
  );
}
