/**
 * "Set your password" (issue 11): the last step of an invitation or a password recovery. The new password and
 * its confirmation are checked with the shared schema (the spec's rule, as at onboarding); the server's refusal
 * (e.g. the same password as before) is shown as an alert.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { setPasswordSchema, type SetPasswordInput } from '@pharmacy/shared/auth/password-reset.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import { SET_PASSWORD_FALLBACK_ERROR, useSetPassword } from '../api/set-password.ts';

export interface SetPasswordFormProps {
  onPasswordSet: () => void;
}

export function SetPasswordForm({ onPasswordSet }: SetPasswordFormProps) {
  const save = useSetPassword({ onSuccess: onPasswordSet });
  const { register, handleSubmit, formState } = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = formState;

  return (
    <form
      noValidate
      aria-label="Set your password"
      className="flex flex-col gap-4"
      onSubmit={(event) => void handleSubmit(({ password }) => save.mutate(password))(event)}
    >
      {save.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{save.error.message || SET_PASSWORD_FALLBACK_ERROR}</span>
        </div>
      ) : null}
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <button type="submit" className="btn btn-primary mt-2" disabled={save.isPending || save.isSuccess}>
        {save.isPending ? (
          <>
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            Saving...
          </>
        ) : (
          'Set Password'
        )}
      </button>
    </form>
  );
}
