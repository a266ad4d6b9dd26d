/**
 * The review's left side: the document as received. A PDF is shown by the browser's viewer in a frame of its
 * downloaded bytes (a blob: URL, revoked when the preview goes), an image as an image; a SCRIPT XML or EDIFACT
 * message has nothing to look at but its data, so its extracted fields are shown read-only, grouped.
 */
import { useEffect, useState } from 'react';
import type { PrescriptionFile } from '@pharmacy/shared/prescription-files/prescription-file.ts';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { usePrescriptionFileDocument } from '../api/get-prescription-file-document.ts';
import { ExtractedDataList } from './extracted-data-list.tsx';

export interface FileDocumentPreviewProps {
  pharmacyId: string;
  file: PrescriptionFile;
}

export function FileDocumentPreview({ pharmacyId, file }: FileDocumentPreviewProps) {
  if (file.fileType === 'application/xml' || file.fileType === 'application/edifact') {
    return (
      <section aria-label="Document" className="flex flex-col gap-2">
        <p className="text-sm text-base-content/70">
          {file.fileType === 'application/xml' ? 'NCPDP SCRIPT XML message' : 'SCRIPT EDIFACT message'}: its data as read from the file, with any corrections saved since.
        </p>
        <ExtractedDataList file={file} />
      </section>
    );
  }
  return <StoredDocument pharmacyId={pharmacyId} file={file} />;
}

function StoredDocument({ pharmacyId, file }: FileDocumentPreviewProps) {
  const document = usePrescriptionFileDocument(pharmacyId, file);
  return (
    <section aria-label="Document" className="flex min-h-[60vh] flex-col">
      <QueryState query={document} errorText="The document could not be loaded" loadingLabel="Loading the document" skeletonRows={1} skeletonRowClassName="h-[60vh]">
        {(blob) => <BlobView blob={blob} file={file} />}
      </QueryState>
    </section>
  );
}

function BlobView({ blob, file }: { blob: Blob; file: PrescriptionFile }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  if (url === null) return null;
  if (file.fileType === 'application/pdf') {
    return <iframe src={url} title={`Document: ${file.fileName}`} className="h-[70vh] w-full rounded-box border border-base-300" />;
  }
  return <img src={url} alt={`Document: ${file.fileName}`} className="max-h-[70vh] w-full rounded-box border border-base-300 object-contain" />;
}
