/**
 * The Pharmacy tab's logo (spec part 2: "images only, PNG, JPG, SVG, max 2MB", enforced here and on the server):
 * the current logo, Choose File (checked before it is sent, then uploaded at once; an SVG comes back sanitised) and
 * Remove Logo. Only admins change it (the server answers others 403; `canEdit` hides the buttons for them).
 */
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { PHARMACY_LOGO_ACCEPT, PHARMACY_LOGO_MESSAGES } from '@pharmacy/shared/settings/pharmacy-logo.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { usePharmacyLogo } from '../api/get-pharmacy-logo.ts';
import { useRemovePharmacyLogo } from '../api/remove-pharmacy-logo.ts';
import { useUploadPharmacyLogo } from '../api/upload-pharmacy-logo.ts';

export interface PharmacyLogoFieldProps {
  pharmacyId: string;
  /** Whether the upload and remove buttons are offered (admins). */
  canEdit?: boolean;
}

/** The server's own reason: a refused file's message rather than 'Validation failed'. */
function failureText(error: Error): string {
  if (error instanceof ApiError && error.errors.length > 0) return error.errors.join(' ');
  return error.message || PHARMACY_LOGO_MESSAGES.uploadFailed;
}

export function PharmacyLogoField({ pharmacyId, canEdit = true }: PharmacyLogoFieldProps) {
  const logo = usePharmacyLogo(pharmacyId);
  const upload = useUploadPharmacyLogo(pharmacyId);
  const remove = useRemovePharmacyLogo(pharmacyId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const labelId = useId();
  const hintId = useId();
  const problemId = useId();
  const busy = upload.isPending || remove.isPending;

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'Success', description: PHARMACY_LOGO_MESSAGES.uploaded }),
      onError: (error) => setProblem(failureText(error)),
    });
  };

  const onRemove = () => {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: () => toast({ title: 'Success', description: PHARMACY_LOGO_MESSAGES.removed }),
      onError: (error) => setProblem(failureText(error)),
    });
  };

  const current = logo.data ?? null;
  return (
    <div className="flex flex-col gap-2" role="group" aria-labelledby={labelId} data-testid="pharmacy-logo-field">
      <span id={labelId} className="text-sm font-medium">
        Pharmacy Logo
      </span>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-20 w-40 items-center justify-center rounded-box border border-base-300 bg-base-100 p-2">
          {logo.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-label="Loading the logo" />
          ) : current ? (
            <img src={current.dataUri} alt="Pharmacy logo" className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-sm text-base-content/70">{logo.isError ? 'The logo could not be loaded' : 'No logo uploaded'}</span>
          )}
        </div>
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            <input
              ref={fileInput}
              type="file"
              accept={PHARMACY_LOGO_ACCEPT}
              className="hidden"
              aria-label="Pharmacy logo file"
              aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
              onChange={onFileChosen}
            />
            <button type="button" className="btn btn-sm btn-outline" disabled={busy} onClick={() => fileInput.current?.click()}>
              {upload.isPending ? 'Uploading…' : current ? 'Replace Logo' : 'Upload Logo'}
            </button>
            {current ? (
              <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={onRemove}>
                {remove.isPending ? 'Removing…' : 'Remove Logo'}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <p id={hintId} className="text-sm text-base-content/70">
        {PHARMACY_LOGO_MESSAGES.hint}
      </p>
      {problem ? (
        <p id={problemId} className="text-sm text-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
