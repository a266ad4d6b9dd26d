/**
 * The review of a prescription file (issue 23 "Review and intake"), a large dialog: the document on the left
 * (file-document-preview.tsx), the extracted data on the right as an editable form checked by the model's schemas
 * (shared/src/prescription-files/file-review.ts), each group with what the file was matched to on processing or
 * "Not on file — add"; the checks behind the confidence, and the error reason. "Save corrections" and "Mark
 * reviewed" send PUT /api/prescription-files/{id} (the database audits each correction); "Create prescription" opens
 * the prescription form the route composes (features do not import each other) for a processed file, and once the
 * file is linked the prescription is named instead.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { get, useForm, type Path } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  createPrescriptionState,
  reviewFormInput,
  reviewFormSchema,
  type ReviewFormInput,
  type ReviewFormValues,
} from '@pharmacy/shared/prescription-files/file-review.ts';
import { processingStatusLabel, type ExtractionCheckName, type PrescriptionFile } from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { queueLink } from '@pharmacy/shared/prescriptions/queue-link.ts';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useFileMatches, type FileMatch, type FileMatches } from '../api/get-file-matches.ts';
import { useLinkedPrescription } from '../api/get-linked-prescription.ts';
import { useUpdatePrescriptionFile } from '../api/update-prescription-file.ts';
import { FileDocumentPreview } from './file-document-preview.tsx';

/**
 * Renders the prescription form for a file (the route composes it from the prescriptions feature); `onCreated`
 * reports the prescription entered from it.
 */
export type CreatePrescriptionDialog = (props: {
  file: PrescriptionFile;
  matches: FileMatches;
  onClose: () => void;
  onCreated: (prescription: { id: string }) => void;
}) => ReactNode;

export interface PrescriptionFileReviewProps {
  file: PrescriptionFile;
  pharmacyId: string;
  onClose: () => void;
  /** The prescription form; without it "Create prescription" is not offered. */
  createPrescriptionDialog?: CreatePrescriptionDialog;
}

const CHECK_LABELS: Record<ExtractionCheckName, string> = {
  'required-fields': 'Required fields present',
  'npi-check-digit': 'NPI check digit',
  'dea-check-digit': 'DEA check digit',
  'ndc-in-catalog': 'NDC in the catalog',
  'patient-matched': 'Patient matched',
  'prescriber-matched': 'Prescriber matched',
};

type FieldRow = readonly [path: Path<ReviewFormInput>, label: string, type?: 'date' | 'tel'];

const PATIENT_FIELDS: readonly FieldRow[] = [
  ['patientData.name', 'Patient name'],
  ['patientData.firstName', 'Patient first name'],
  ['patientData.lastName', 'Patient last name'],
  ['patientData.dateOfBirth', 'Date of birth', 'date'],
  ['patientData.gender', 'Gender'],
  ['patientData.phone', 'Patient phone', 'tel'],
  ['patientData.address', 'Patient address'],
];
const INSURANCE_FIELDS: readonly FieldRow[] = [
  ['patientData.insuranceInfo.provider', 'Insurance provider'],
  ['patientData.insuranceInfo.policyNumber', 'Policy number'],
  ['patientData.insuranceInfo.groupNumber', 'Group number'],
  ['patientData.insuranceInfo.bin', 'BIN'],
  ['patientData.insuranceInfo.pcn', 'PCN'],
];
const DRUG_FIELDS: readonly FieldRow[] = [
  ['drugData.name', 'Drug name'],
  ['drugData.strength', 'Strength'],
  ['drugData.form', 'Form'],
  ['drugData.ndcNumber', 'NDC'],
  ['drugData.quantity', 'Quantity'],
  ['drugData.daysSupply', 'Days supply'],
  ['drugData.refills', 'Refills'],
  ['drugData.directions', 'Directions'],
];
const PRESCRIBER_FIELDS: readonly FieldRow[] = [
  ['prescriberData.name', 'Prescriber name'],
  ['prescriberData.firstName', 'Prescriber first name'],
  ['prescriberData.lastName', 'Prescriber last name'],
  ['prescriberData.npiNumber', 'NPI'],
  ['prescriberData.deaNumber', 'DEA number'],
  ['prescriberData.phone', 'Prescriber phone', 'tel'],
  ['prescriberData.address', 'Prescriber address'],
  ['prescriberData.dateSigned', 'Date signed', 'date'],
];

function confidenceText(confidence: string | null): string {
  if (confidence === null) return 'Not processed yet';
  const value = Number(confidence);
  return Number.isFinite(value) ? `${Math.round(value * 100)}%` : confidence;
}

export function PrescriptionFileReview({ file, pharmacyId, onClose, createPrescriptionDialog }: PrescriptionFileReviewProps) {
  // The file as last answered: the parent's (refreshed with the list) or this view's own save.
  const [shownFile, setShownFile] = useState(file);
  const [current, setCurrent] = useState(file);
  if (file !== shownFile) {
    setShownFile(file);
    setCurrent(file);
  }
  const [creating, setCreating] = useState(false);
  const update = useUpdatePrescriptionFile();
  const matches = useFileMatches(pharmacyId, current);
  const form = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(reviewFormSchema),
    // The file's data when opened; a save starts the form again from what was stored. A refreshed list does not
    // overwrite what is being typed.
    defaultValues: reviewFormInput(file),
  });
  const errorOf = (path: Path<ReviewFormInput>): string | undefined => {
    const message: unknown = get(form.formState.errors, `${path}.message`);
    return typeof message === 'string' ? message : undefined;
  };
  const dirty = form.formState.isDirty;

  const send = (reviewed: boolean) =>
    form.handleSubmit(async (values) => {
      try {
        const saved = await update.mutateAsync({ fileId: current.id, update: { ...values, ...(reviewed ? { reviewed: true } : {}) } });
        setCurrent(saved);
        form.reset(reviewFormInput(saved));
        toast({ title: 'Success', description: reviewed ? 'Prescription file marked reviewed' : 'Corrections saved' });
      } catch (error) {
        toast({ title: 'Error', description: error instanceof Error && error.message !== '' ? error.message : 'Failed to update prescription file', variant: 'destructive' });
      }
    });

  const state = createPrescriptionState(current);
  const createBlockedReason =
    state.kind === 'unavailable'
      ? state.reason
      : dirty
        ? 'Save your corrections first'
        : matches.data === undefined
          ? matches.error
            ? 'The matched patient, prescriber and drug could not be read: close the review and open it again'
            : 'Waiting for the matched patient, prescriber and drug'
          : null;
  const busy = update.isPending;

  const field = ([path, label, type]: FieldRow) => (
    <TextField key={path} label={label} type={type} error={errorOf(path)} disabled={busy} {...form.register(path)} />
  );

  return (
    <Dialog open onClose={onClose} title={`Review: ${current.fileName}`} size="table" closeButton dismissible={!busy}>
      <div className="grid gap-4 lg:grid-cols-2">
        <FileDocumentPreview pharmacyId={pharmacyId} file={current} />
        <div className="flex flex-col gap-4">
          <FileSummary file={current} />
          <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void send(false)(event)} aria-label="Extracted data">
            <FieldGroup title="Patient" match={<MatchLine kind="patient" query={matches} pick={(data) => data.patient} />}>
              {PATIENT_FIELDS.map(field)}
            </FieldGroup>
            <FieldGroup title="Insurance">{INSURANCE_FIELDS.map(field)}</FieldGroup>
            <FieldGroup title="Medication" match={<MatchLine kind="medication" query={matches} pick={(data) => data.medication} />}>
              {DRUG_FIELDS.map(field)}
              <SelectField
                label="Generic substitution"
                placeholder="Not stated"
                options={[
                  { value: 'true', label: 'Permitted' },
                  { value: 'false', label: 'Dispense as written' },
                ]}
                disabled={busy}
                {...form.register('drugData.genericSubstitution')}
              />
            </FieldGroup>
            <FieldGroup title="Prescriber" match={<MatchLine kind="prescriber" query={matches} pick={(data) => data.prescriber} />}>
              {PRESCRIBER_FIELDS.map(field)}
            </FieldGroup>
            <div className="flex flex-wrap items-center justify-end gap-2">
              <button type="submit" className="btn" disabled={busy || !dirty}>
                Save corrections
              </button>
              {current.processingStatus === 'manual_review' ? (
                <button type="button" className="btn btn-secondary" disabled={busy} onClick={(event) => void send(true)(event)}>
                  Mark reviewed
                </button>
              ) : null}
              {createPrescriptionDialog && state.kind !== 'linked' ? (
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={busy || createBlockedReason !== null}
                  aria-describedby={createBlockedReason !== null ? 'create-prescription-blocked' : undefined}
                  onClick={() => setCreating(true)}
                >
                  Create prescription
                </button>
              ) : null}
            </div>
            {createPrescriptionDialog && createBlockedReason !== null && state.kind !== 'linked' ? (
              <p id="create-prescription-blocked" className="text-right text-sm text-base-content/70">
                {createBlockedReason}
              </p>
            ) : null}
          </form>
          {state.kind === 'linked' ? <LinkedPrescriptionLine pharmacyId={pharmacyId} prescriptionId={state.prescriptionId} /> : null}
        </div>
      </div>
      {creating && createPrescriptionDialog && matches.data
        ? createPrescriptionDialog({
            file: current,
            matches: matches.data,
            onClose: () => setCreating(false),
            onCreated: (prescription) => {
              setCurrent((shown) => ({ ...shown, prescriptionId: prescription.id }));
              setCreating(false);
            },
          })
        : null}
    </Dialog>
  );
}

function FieldGroup({ title, match, children }: { title: string; match?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="rounded-box border border-base-300 p-3">
      <legend className="px-1 font-semibold">{title}</legend>
      {match}
      <div className="mt-2 grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

const ADD_LINKS = {
  patient: { to: '/patients', text: 'add patient', matched: 'Matched patient' },
  prescriber: { to: '/providers', text: 'add provider', matched: 'Matched prescriber' },
  medication: { to: '/drugs', text: 'add drug', matched: 'Catalog drug' },
} as const;

function MatchLine({
  kind,
  query,
  pick,
}: {
  kind: keyof typeof ADD_LINKS;
  query: { data: FileMatches | undefined; isPending: boolean; error: Error | null };
  pick: (matches: FileMatches) => FileMatch | null;
}) {
  const link = ADD_LINKS[kind];
  if (query.data === undefined) {
    return <p className="text-sm text-base-content/70">{query.error ? `The match could not be loaded: ${query.error.message}` : 'Loading the match…'}</p>;
  }
  const match = pick(query.data);
  if (match === null) {
    return (
      <p className="text-sm">
        <span className="badge badge-warning badge-sm mr-2">Not on file</span>
        Not on file —{' '}
        <Link to={link.to} className="link link-primary">
          {link.text}
        </Link>
      </p>
    );
  }
  return (
    <p className="text-sm">
      <span className="badge badge-success badge-sm mr-2">Matched</span>
      {link.matched}: <strong>{match.label}</strong>
      {match.detail !== '' ? <span className="text-base-content/70"> · {match.detail}</span> : null}
    </p>
  );
}

function FileSummary({ file }: { file: PrescriptionFile }) {
  return (
    <section aria-label="Processing" className="flex flex-col gap-2 rounded-box border border-base-300 p-3 text-sm">
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <span>
          Status: <strong>{processingStatusLabel(file.processingStatus)}</strong>
        </span>
        <span>
          Confidence: <strong>{confidenceText(file.extractionConfidence)}</strong>
        </span>
        {file.ocrConfidence !== null ? (
          <span>
            OCR confidence: <strong>{Math.round(file.ocrConfidence)}%</strong>
          </span>
        ) : null}
        {file.reviewedAt !== null ? <span>Reviewed {new Date(file.reviewedAt).toLocaleString('en-US')}</span> : null}
      </div>
      {file.errorReason !== null ? (
        <p role="alert" className="text-error">
          {file.errorReason}
        </p>
      ) : null}
      {file.checks.length > 0 ? (
        <ul aria-label="Checks" className="flex flex-col gap-1">
          {file.checks.map((check) => (
            <li key={check.check} className="flex gap-2">
              <span className={`badge badge-sm ${check.passed ? 'badge-success' : 'badge-error'}`}>{check.passed ? 'Passed' : 'Failed'}</span>
              <span>
                {CHECK_LABELS[check.check]}
                {check.detail !== '' ? <span className="text-base-content/70">: {check.detail}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function LinkedPrescriptionLine({ pharmacyId, prescriptionId }: { pharmacyId: string; prescriptionId: string }) {
  const linked = useLinkedPrescription(pharmacyId, prescriptionId);
  // The queue has no page of one prescription: the link opens the fill's tab (Completed narrowed to its Rx number).
  return (
    <p className="text-sm" role="status">
      Entered as prescription{' '}
      {linked.data ? (
        <strong>
          Rx {linked.data.rxNumber} ({linked.data.status})
        </strong>
      ) : linked.error ? (
        '(it could not be read)'
      ) : (
        '…'
      )}{' '}
      —{' '}
      <Link to={linked.data ? queueLink(linked.data) : '/prescriptions'} className="link link-primary">
        open it in the prescription queue
      </Link>
    </p>
  );
}
