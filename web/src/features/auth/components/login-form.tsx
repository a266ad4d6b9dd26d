/**
 * The sign-in form (spec §2, §5, §8): email and password checked with the shared sign-in schema, 'Sign In'
 * reading 'Signing In...' while pending, and a failure shown as an alert (and a toast) with the server's
 * message — e.g. a locked account — or 'Invalid email or password'.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema, type SignInInput } from '@pharmacy/shared/schemas/sign-in.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { SIGN_IN_FALLBACK_ERROR, useSignIn } from '../api/sign-in.ts';
import type { CurrentStaff } from '../api/get-current-staff.ts';
import { takeIdleSignOutMessage } from '../idle-sign-out-notice.ts';

export interface LoginFormProps {
  onSignedIn: (staff: CurrentStaff) => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [idleNotice] = useState(takeIdleSignOutMessage);
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const signIn = useSignIn({
    onSuccess: onSignedIn,
    onError: (error) => {
      toast({ title: 'Sign In Failed', description: error.message || SIGN_IN_FALLBACK_ERROR, variant: 'destructive' });
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => signIn.mutate(values));

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      {idleNotice && !signIn.isError ? (
        <div role="status" className="alert alert-info alert-soft">
          <span>{idleNotice}</span>
        </div>
      ) : null}
      {signIn.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{signIn.error.message || SIGN_IN_FALLBACK_ERROR}</span>
        </div>
      ) : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@pharmacy.com"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Enter your password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <button type="submit" className="btn btn-primary mt-2" disabled={signIn.isPending}>
        {signIn.isPending ? (
          <>
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            Signing In...
          </>
        ) : (
          'Sign In'
        )}
      </button>
    </form>
  );
}
