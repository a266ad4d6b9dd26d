/**
 * Prescription File Management (spec part 2 §2, §4, §7, §8; issue 23): the upload area, the processing stats from the
 * database, and the pharmacy's files — newest first, a page at a time, by status and search (file name, patient,
 * drug or prescriber). Process is offered only for pending files (toasts 'Prescription file processed successfully' /
 * 'Failed to process prescription file'); the extracted patient, medication, prescriber and insurance show for
 * processed files; Review opens the document beside its data; Delete asks first ('File deleted successfully').
 * `?prescription=<id>` shows the files of one prescription (the queue card's "Source file" link).
 */
import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  PRESCRIPTION_FILE_MESSAGES, PROCESSING_STATUSES, processingStatusLabel, type PrescriptionFile, type PrescriptionFileStats, type ProcessingStatus,
} from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSearchTerm } from '../../../hooks/use-debounced-value.ts';
import { useDeletePrescriptionFile } from '../api/delete-prescription-file.ts';
import { useFilesOfPrescription } from '../api/get-files-of-prescription.ts';
import { usePrescriptionFiles } from '../api/list-prescription-files.ts';
import { useProcessPrescriptionFile } from '../api/process-prescription-file.ts';
import { UploadPanel } from './upload-panel.tsx';

type StatusFilter = ProcessingStatus | 'all';

const FILTERS: readonly { id: StatusFilter; label: string }[] = [
  { id: 'all', label: 'All files' },
  ...PROCESSING_STATUSES.map((status) => ({ id: status, label: processingStatusLabel(status) })),
];

const STATUS_BADGES: Record<string, string> = {
  processed: 'badge-success',
  pending: 'badge-warning',
  error: 'badge-error',
  manual_review: 'badge-info',
};

const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'application/xml': 'SCRIPT XML',
  'application/edifact': 'SCRIPT EDI',
};

export interface PrescriptionFileManagementProps {
  pharmacyId: string;
  /** The review dialog (the route composes it with the prescription form). */
  renderReview: (file: PrescriptionFile, onClose: () => void) => ReactNode;
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function isStatusFilter(value: string | null): value is StatusFilter {
  return value !== null && FILTERS.some((filter) => filter.id === value);
}

export function PrescriptionFileManagement({ pharmacyId, renderReview }: PrescriptionFileManagementProps) {
  const baseId = useId();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: StatusFilter = isStatusFilter(statusParam) ? statusParam : 'all';
  const prescriptionId = params.get('prescription');
  const [searchText, setSearchText] = useState('');
  const { term: search, settling } = useSearchTerm(searchText);
  const list = usePrescriptionFiles(pharmacyId, status, search);
  const ofPrescription = useFilesOfPrescription(pharmacyId, prescriptionId);
  const process = useProcessPrescriptionFile();
  const remove = useDeletePrescriptionFile();
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PrescriptionFile | null>(null);

  const files = prescriptionId !== null ? ofPrescription.data ?? [] : list.data?.pages.flatMap((page) => page.files) ?? [];
  const stats = list.data?.pages[0]?.stats;
  const reviewed = reviewing === null ? undefined : files.find((file) => file.id === reviewing);
  const loading = prescriptionId !== null ? ofPrescription.isPending : list.isPending;
  const failure = prescriptionId !== null ? ofPrescription.error : list.error;

  const onProcess = (file: PrescriptionFile) =>
    process.mutate(file.id, {
      onSuccess: (processed) => {
        if (processed.processingStatus === 'error') {
          toast({ title: PRESCRIPTION_FILE_MESSAGES.processFailed, description: processed.errorReason ?? undefined, variant: 'destructive' });
        } else {
          toast({
            title: PRESCRIPTION_FILE_MESSAGES.processed,
            description: processed.processingStatus === 'manual_review' ? `Review Required: confidence ${processed.extractionConfidence}` : undefined,
          });
        }
      },
      onError: (error) => toast({ title: PRESCRIPTION_FILE_MESSAGES.processFailed, description: error.message, variant: 'destructive' }),
    });

  const onDelete = (file: PrescriptionFile) =>
    remove.mutate(file.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: PRESCRIPTION_FILE_MESSAGES.deleted });
      },
      onError: (error) => {
        setDeleting(null);
        toast({ title: 'Error', description: error.message, variant: 'destructive' });
      },
    });

  const listBody = (
    <>
    {loading ? (
      <p className="flex items-center gap-2"><span className="loading loading-spinner loading-sm" aria-hidden="true" />Loading files…</p>
    ) : failure ? (
      <p role="alert" className="text-error">{failure.message}</p>
    ) : files.length === 0 ? (
      <p className="text-base-content/70">
        {search !== ''
          ? 'No file matches the search.'
          : prescriptionId !== null
            ? 'No file is linked to this prescription.'
            : status !== 'all'
              ? `No file is ${processingStatusLabel(status)}.`
              : 'No prescription files yet.'}
      </p>
    ) : (
      <ul aria-label="Prescription files" className="flex flex-col divide-y divide-base-200">
        {files.map((file) => (
          <FileRow
            key={file.id}
            file={file}
            processing={process.isPending && process.variables === file.id}
            onProcess={() => onProcess(file)}
            onReview={() => setReviewing(file.id)}
            onDelete={() => setDeleting(file)}
          />
        ))}
      </ul>
    )}
    {prescriptionId === null && list.hasNextPage ? (
      <button type="button" className="btn btn-outline self-center" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
      </button>
    ) : null}
    </>
  );

  return (
    <section className="flex flex-col gap-6" aria-labelledby={`${baseId}-title`}>
      <div>
        <h1 id={`${baseId}-title`} className="text-2xl font-bold tracking-tight">Prescription File Management</h1>
        <p className="text-base-content/70">Faxes, scans and e-prescriptions: upload, read, review and enter them as prescriptions.</p>
      </div>

      <UploadPanel />

      <StatsPanel stats={stats} />

      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          {prescriptionId !== null ? (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="card-title text-lg">Files of one prescription</h2>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setParams({})}>Show all files</button>
            </div>
          ) : (
            <div className="flex flex-wrap items-end justify-between gap-3">
              <TabList
                baseId={baseId}
                label="Files by status"
                items={FILTERS}
                selected={status}
                onSelect={(next) => setParams(next === 'all' ? {} : { status: next })}
              />
              <SearchInput
                label="Search files"
                placeholder="File name, patient, drug or prescriber"
                value={searchText}
                onChange={setSearchText}
                busy={settling || (list.isFetching && !list.isFetchingNextPage)}
              />
            </div>
          )}

          {prescriptionId === null ? (
            <TabPanel baseId={baseId} selected={status} className="flex flex-col gap-4">
              {listBody}
            </TabPanel>
          ) : (
            listBody
          )}
        </div>
      </div>

      {reviewed ? renderReview(reviewed, () => setReviewing(null)) : null}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title="Delete file">
        {deleting ? (
          <div className="flex flex-col gap-4">
            <p>Delete <strong>{deleting.fileName}</strong>? The document and what was read from it are removed.</p>
            <div className="flex justify-end gap-2">
              <button type="button" className="btn btn-ghost" onClick={() => setDeleting(null)}>Cancel</button>
              <button type="button" className="btn btn-error" disabled={remove.isPending} onClick={() => onDelete(deleting)}>Delete</button>
            </div>
          </div>
        ) : null}
      </Dialog>
    </section>
  );
}

function StatsPanel({ stats }: { stats: PrescriptionFileStats | undefined }) {
  const value = (count: number | undefined) => (count === undefined ? '…' : count.toLocaleString('en-US'));
  const items: [string, string][] = [
    ['Pending', value(stats?.pending)],
    ['Processed', value(stats?.processed)],
    ['Review Required', value(stats?.manualReview)],
    ['Error', value(stats?.error)],
    ['Average confidence', stats === undefined ? '…' : stats.averageConfidence === null ? '—' : `${Math.round(stats.averageConfidence * 100)}%`],
  ];
  return (
    <section aria-label="Processing stats" className="stats stats-vertical bg-base-100 shadow-sm sm:stats-horizontal">
      {items.map(([label, shown]) => (
        <div key={label} className="stat">
          <div className="stat-title">{label}</div>
          <div className="stat-value text-2xl">{shown}</div>
        </div>
      ))}
    </section>
  );
}

interface FileRowProps {
  file: PrescriptionFile;
  processing: boolean;
  onProcess: () => void;
  onReview: () => void;
  onDelete: () => void;
}

function FileRow({ file, processing, onProcess, onReview, onDelete }: FileRowProps) {
  const uploaded = new Date(file.uploadedAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  const processed = file.processingStatus === 'processed';
  const { patientData: patient, drugData: drug, prescriberData: prescriber } = file;
  const insurance = patient.insuranceInfo;
  return (
    <li className="flex flex-col gap-2 py-3" aria-label={file.fileName} data-testid="prescription-file-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-col">
          <span className="font-medium break-all">{file.fileName}</span>
          <span className="text-sm text-base-content/70">
            {TYPE_LABELS[file.fileType] ?? file.fileType} · {sizeText(file.fileSize)} · {file.receivedAs === 'electronic' ? 'Electronic' : file.receivedAs === 'fax' ? 'Fax' : 'Scan'} · uploaded {uploaded}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className={`badge ${STATUS_BADGES[file.processingStatus] ?? 'badge-ghost'}`}>{processingStatusLabel(file.processingStatus)}</span>
          {file.extractionConfidence !== null ? <span className="text-sm">Confidence {Math.round(Number(file.extractionConfidence) * 100)}%</span> : null}
          {file.prescriptionId ? <Link className="link text-sm" to="/prescriptions">Prescription entered</Link> : null}
          {file.processingStatus === 'pending' ? (
            <button type="button" className="btn btn-primary btn-sm" onClick={onProcess} disabled={processing}>
              {processing ? 'Processing…' : 'Process'}
            </button>
          ) : null}
          {processed || file.processingStatus === 'manual_review' ? (
            <button type="button" className="btn btn-outline btn-sm" onClick={onReview}>Review</button>
          ) : null}
          <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onDelete} aria-label={`Delete ${file.fileName}`}>Delete</button>
        </div>
      </div>
      {file.processingStatus === 'error' && file.errorReason ? <p className="text-sm text-error">{file.errorReason}</p> : null}
      {processed ? (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div><dt className="font-semibold">Patient</dt><dd>{[patient.name, patient.dateOfBirth].filter(Boolean).join(' · ') || '—'}</dd></div>
          <div><dt className="font-semibold">Medication</dt><dd>{[drug.name, drug.quantity !== undefined ? `Qty ${drug.quantity}` : null, drug.directions].filter(Boolean).join(' · ') || '—'}</dd></div>
          <div><dt className="font-semibold">Prescriber</dt><dd>{[prescriber.name, prescriber.npiNumber ? `NPI ${prescriber.npiNumber}` : null].filter(Boolean).join(' · ') || '—'}</dd></div>
          <div><dt className="font-semibold">Insurance</dt><dd>{insurance ? [insurance.provider, insurance.bin ? `BIN ${insurance.bin}` : null, insurance.pcn ? `PCN ${insurance.pcn}` : null].filter(Boolean).join(' · ') || '—' : '—'}</dd></div>
        </dl>
      ) : null}
    </li>
  );
}
