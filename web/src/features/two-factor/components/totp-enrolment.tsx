/**
 * Enrolling an authenticator app: 'Set Up Authenticator App' asks Supabase Auth for a new TOTP factor, then the
 * QR code to scan, the key to type instead, and the app's 6-digit code (the shared schema, then Supabase Auth)
 * to turn two-factor authentication on.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { readTotpCode, TotpCodeField } from '../../../components/form/totp-code-field.tsx';
import { useEnrolTotpFactor } from '../api/enrol-totp-factor.ts';
import { useVerifyTotpFactor } from '../api/verify-totp-factor.ts';

export interface TotpEnrolmentProps {
  userId: string;
  onEnabled: () => void;
}

export function TotpEnrolment({ userId, onEnabled }: TotpEnrolmentProps) {
  const enrol = useEnrolTotpFactor();
  const verify = useVerifyTotpFactor(userId);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const formRef = useRef<HTMLFormElement>(null);
  const enrolled = enrol.data !== undefined;
  // The set-up button goes away when the QR code arrives: focus moves to the steps that replace it, not to
  // the page's start, so a keyboard or screen-reader user continues from where they were.
  useEffect(() => {
    if (enrolled) formRef.current?.focus();
  }, [enrolled]);

  if (!enrol.data) {
    return (
      <div className="flex flex-col gap-3">
        {enrol.isError ? (
          <div role="alert" className="alert alert-error alert-soft">
            <span>{enrol.error.message}</span>
          </div>
        ) : null}
        <button type="button" className="btn btn-primary self-start" onClick={() => enrol.mutate()} disabled={enrol.isPending}>
          {enrol.isPending ? 'Preparing...' : 'Set Up Authenticator App'}
        </button>
      </div>
    );
  }

  const { factorId, qrCode, secret } = enrol.data;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { code, error, input } = readTotpCode(event.currentTarget);
    setFieldError(error);
    if (code === undefined) {
      input?.focus();
      return;
    }
    verify.mutate({ factorId, code }, { onSuccess: onEnabled });
  }

  return (
    <form ref={formRef} tabIndex={-1} onSubmit={submit} noValidate className="flex flex-col gap-4 outline-none" aria-label="Set up two-factor authentication">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).</li>
        <li>Scan the QR code, or enter the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img src={qrCode} alt="QR code for your authenticator app" className="h-48 w-48 self-center rounded-box bg-white p-2" />
      <div className="text-sm">
        <p className="text-base-content/70">Can&apos;t scan? Enter this key:</p>
        <code data-testid="totp-secret" className="block break-all rounded-box bg-base-200 p-2 font-mono text-sm">
          {secret}
        </code>
      </div>
      {verify.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{verify.error.message}</span>
        </div>
      ) : null}
      <TotpCodeField error={fieldError} />
      <button type="submit" className="btn btn-primary" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify and Turn On'}
      </button>
    </form>
  );
}
