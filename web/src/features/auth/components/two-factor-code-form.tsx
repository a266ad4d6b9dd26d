/**
 * The sign-in's second step for staff with an authenticator app: the 6-digit code (checked by the shared
 * schema, then by Supabase Auth). Like the sign-in form it does without the form libraries (it is part of the
 * sign-in page's download). A refused code clears the field and says so; 'Use another account' signs out.
 */
import { useState, type FormEvent } from 'react';
import { readTotpCode, TotpCodeField } from '../../../components/form/totp-code-field.tsx';
import { useVerifyTwoFactorCode } from '../api/verify-two-factor-code.ts';

export interface TwoFactorCodeFormProps {
  factorId: string;
  onCancel: () => void;
}

export function TwoFactorCodeForm({ factorId, onCancel }: TwoFactorCodeFormProps) {
  const [fieldError, setFieldError] = useState<string | undefined>();
  const verify = useVerifyTwoFactorCode();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { code, error, input } = readTotpCode(event.currentTarget);
    setFieldError(error);
    if (code === undefined) {
      input?.focus();
      return;
    }
    verify.mutate(
      { factorId, code },
      {
        onError: () => {
          if (input) {
            input.value = '';
            input.focus();
          }
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Two-factor authentication">
      {verify.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{verify.error.message}</span>
        </div>
      ) : null}
      <TotpCodeField autoFocus error={fieldError} />
      <button type="submit" className="btn btn-primary" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
        Use another account
      </button>
    </form>
  );
}
