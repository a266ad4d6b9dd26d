/**
 * One staff member's license in the Credentials tab: the facts and status, and the license copy in Storage — Upload
 * Document (PDF/PNG/JPG, checked for type and size before it is sent) and Download Copy (shown enabled only when a
 * copy is stored).
 */
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { usDate } from '@pharmacy/shared/common/dates.ts';
import { CREDENTIAL_DOCUMENT_ACCEPT, credentialDocumentProblem } from '@pharmacy/shared/security/credential-documents.ts';
import { licenseStatus } from '@pharmacy/shared/security/risk.ts';
import type { StaffUser } from '@pharmacy/shared/staff/staff-user.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useDownloadLicenseDocument } from '../api/download-license-document.ts';
import { useLicenseDocument } from '../api/get-license-document.ts';
import { useUploadLicenseDocument } from '../api/upload-license-document.ts';

export interface LicenseCredentialRowProps {
  pharmacyId: string;
  /** A staff member having a license number. */
  member: StaffUser;
  now: Date;
}

function roleLabel(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

export function LicenseCredentialRow({ pharmacyId, member, now }: LicenseCredentialRowProps) {
  const name = `${member.firstName} ${member.lastName}`;
  const status = licenseStatus(member.licenseExpiration, now);
  const document = useLicenseDocument(pharmacyId, member.id);
  const upload = useUploadLicenseDocument();
  const download = useDownloadLicenseDocument();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const headingId = useId();
  const problemId = useId();

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = credentialDocumentProblem(file);
    setFileProblem(problem);
    if (problem !== null) return;
    upload.mutate(
      { pharmacyId, userId: member.id, file },
      {
        onSuccess: () => toast({ title: 'Success', description: `License document uploaded for ${name}.` }),
        onError: (error) => toast({ title: 'Error', description: error.message || 'Failed to upload the document', variant: 'destructive' }),
      },
    );
  };

  const onDownload = () => {
    if (!document.data) return;
    download.mutate(
      { document: document.data, downloadName: `${member.lastName}-${member.firstName}-${document.data.fileName}`.replace(/\s+/g, '-') },
      { onError: (error) => toast({ title: 'Error', description: error.message || 'Failed to download the document', variant: 'destructive' }) },
    );
  };

  const hasDocument = document.data !== null && document.data !== undefined;
  return (
    <li className="rounded-box border border-base-300 p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3 id={headingId} className="font-semibold">
            {name} <span className="text-sm font-normal text-base-content/70">({roleLabel(member.role)})</span>
          </h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            <dt className="text-base-content/70">License</dt>
            <dd>{member.licenseNumber}</dd>
            <dt className="text-base-content/70">State</dt>
            <dd>{member.licenseState || 'N/A'}</dd>
            <dt className="text-base-content/70">Expires</dt>
            <dd>{member.licenseExpiration ? usDate(member.licenseExpiration) : 'N/A'}</dd>
          </dl>
        </div>
        <span className={`badge ${status.status === 'Valid' ? 'badge-success' : 'badge-error'}`}>{status.status}</span>
      </div>
      {status.expiresWithin90Days ? (
        <p className="alert alert-warning alert-soft mt-3 py-2 text-sm" role="status">
          License expires within 90 days
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={CREDENTIAL_DOCUMENT_ACCEPT}
          className="hidden"
          aria-label={`License document for ${name}`}
          aria-describedby={fileProblem ? problemId : undefined}
          onChange={onFileChosen}
        />
        <button type="button" className="btn btn-sm btn-outline" disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
          {upload.isPending ? 'Uploading…' : 'Upload Document'}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={!hasDocument || download.isPending}
          title={hasDocument ? undefined : 'No document uploaded yet'}
          onClick={onDownload}
        >
          Download Copy
        </button>
        {document.isPending ? <span className="text-sm text-base-content/70">Checking for a document…</span> : null}
        {!document.isPending && !hasDocument && !document.error ? <span className="text-sm text-base-content/70">No document uploaded yet</span> : null}
        {document.error ? <span className="text-sm text-error">The document could not be checked: {document.error.message}</span> : null}
      </div>
      {fileProblem ? (
        <p id={problemId} className="mt-2 text-sm text-error" role="alert">
          {fileProblem}
        </p>
      ) : null}
    </li>
  );
}
