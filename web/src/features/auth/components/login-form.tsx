/**
 * The sign-in form (spec §2, §5, §8): email and password checked with the shared sign-in schema, 'Sign In'
 * reading 'Signing In...' while pending, and a failure shown as an alert (and a toast) with the server's
 * message — e.g. a locked account — or 'Invalid email or password'.
 *
 * It is the one form without react-hook-form: it is the first visit's code, and two fields do not justify
 * the form libraries in that download (the screens' forms use them). It keeps their behaviour: checked on
 * submit, the first invalid field focused, and after a submit the messages follow the fields as they change.
 */
import { useState, type FormEvent } from 'react';
import { signInSchema, type SignInInput } from '@pharmacy/shared/auth/sign-in.ts';
import { TextField } from '../../../components/form/text-field.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { SIGN_IN_FALLBACK_ERROR, useSignIn } from '../api/sign-in.ts';
import type { CurrentStaff } from '../api/get-current-staff.ts';
import { takeAccountSignOutMessage } from '../account-sign-out-notice.ts';
import { takeIdleSignOutMessage } from '../idle-sign-out-notice.ts';

const FIELDS = ['email', 'password'] as const satisfies readonly (keyof SignInInput)[];
type FieldMessages = Partial<Record<(typeof FIELDS)[number], string>>;
type SignInCheck = { ok: true; input: SignInInput } | { ok: false; messages: FieldMessages };

/** The form's values checked by the shared schema: the input, or each field's first message. */
function checkSignInForm(form: HTMLFormElement): SignInCheck {
  const data = new FormData(form);
  const parsed = signInSchema.safeParse({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') });
  if (parsed.success) return { ok: true, input: parsed.data };
  const messages: FieldMessages = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field && messages[field] === undefined) messages[field] = issue.message;
  }
  return { ok: false, messages };
}

export interface LoginFormProps {
  onSignedIn: (staff: CurrentStaff) => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  // Why this terminal was signed out, if it was: deactivated (or removed) while signed in, or idle.
  const [signOutNotice] = useState(() => takeAccountSignOutMessage() ?? takeIdleSignOutMessage());
  // null until the first submit: messages appear only once the user has tried to sign in.
  const [errors, setErrors] = useState<FieldMessages | null>(null);
  const signIn = useSignIn({
    onSuccess: onSignedIn,
    onError: (error) => {
      toast({ title: 'Sign In Failed', description: error.message || SIGN_IN_FALLBACK_ERROR, variant: 'destructive' });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const check = checkSignInForm(form);
    if (!check.ok) {
      setErrors(check.messages);
      const firstInvalid = FIELDS.find((name) => check.messages[name] !== undefined);
      const input = firstInvalid ? form.elements.namedItem(firstInvalid) : null;
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    setErrors({});
    signIn.mutate(check.input);
  }

  function recheck(event: FormEvent<HTMLFormElement>) {
    if (errors === null) return;
    const check = checkSignInForm(event.currentTarget);
    setErrors(check.ok ? {} : check.messages);
  }

  return (
    <form onSubmit={submit} onChange={recheck} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      {signOutNotice && !signIn.isError ? (
        <div role="status" className="alert alert-info alert-soft">
          <span>{signOutNotice}</span>
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
        name="email"
        error={errors?.email}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Enter your password"
        name="password"
        error={errors?.password}
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
