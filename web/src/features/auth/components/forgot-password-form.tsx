/**
 * "Forgot password?" (issue 11): the email is checked with the shared schema and a recovery mail requested.
 * Afterwards the form gives way to one neutral confirmation, the same whether or not the address has an
 * account (Supabase Auth answers alike), so the page never tells who has an account.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@pharmacy/shared/auth/password-reset.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import { PASSWORD_RESET_FALLBACK_ERROR, useRequestPasswordReset } from '../api/request-password-reset.ts';

export const PASSWORD_RESET_SENT_MESSAGE =
  'If an account exists for that email, we have sent a link to reset your password. Check your inbox; the link works once and expires in one hour.';

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const { register, handleSubmit, formState } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema) });

  if (request.isSuccess) {
    return (
      <div role="status" className="alert alert-success alert-soft">
        <span>{PASSWORD_RESET_SENT_MESSAGE}</span>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label="Reset password"
      className="flex flex-col gap-4"
      onSubmit={(event) => void handleSubmit(({ email }) => request.mutate(email))(event)}
    >
      {request.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{request.error.message || PASSWORD_RESET_FALLBACK_ERROR}</span>
        </div>
      ) : null}
      <TextField label="Email" type="email" autoComplete="email" placeholder="you@pharmacy.com" error={formState.errors.email?.message} {...register('email')} />
      <button type="submit" className="btn btn-primary mt-2" disabled={request.isPending}>
        {request.isPending ? (
          <>
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            Sending...
          </>
        ) : (
          'Send Reset Link'
        )}
      </button>
    </form>
  );
}
