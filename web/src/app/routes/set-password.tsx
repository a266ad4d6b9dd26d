/**
 * /set-password (issue 11): where an emailed invite or recovery link lands. Supabase Auth's /verify redirected
 * here with the session in the fragment, which supabase-js took (detectSessionInUrl) before the app decided its
 * routes; this page is served outside the signed-in shell in both route sets. Signed in, the user chooses a
 * password and goes into the app. A link that failed (used, expired) leaves its error in the fragment: the page
 * says so and offers a new link instead of a form.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { FullScreenLoader } from '../../components/ui/full-screen-loader.tsx';
import { toast } from '../../components/ui/toast/toast-store.ts';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../features/auth/api/get-session.ts';
import { SetPasswordForm } from '../../features/auth/components/set-password-form.tsx';

export const LINK_EXPIRED_MESSAGE = 'This link is invalid or has expired. Links work once and for one hour.';

/** The error an emailed link came back with (Supabase Auth's #error_code=…&error_description=…), if any. */
function linkErrorFromUrl(): string | null {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const code = fragment.get('error_code');
  if (!code && !fragment.get('error')) return null;
  return code === 'otp_expired' ? LINK_EXPIRED_MESSAGE : fragment.get('error_description') || LINK_EXPIRED_MESSAGE;
}

export function SetPasswordRoute() {
  const navigate = useNavigate();
  const [linkError] = useState(linkErrorFromUrl);
  const session = useSession();

  if (session.isPending) return <FullScreenLoader message="Loading your session…" />;
  const email = session.data?.user.email;

  function onPasswordSet() {
    toast({ title: 'Password set', description: 'Your new password is saved. Use it the next time you sign in.' });
    void navigate(paths.home);
  }

  return (
    <section className="flex flex-1 items-start justify-center">
      <div className="card w-full max-w-md bg-base-100 shadow-sm">
        <div className="card-body gap-5">
          {linkError !== null || !session.data ? (
            <>
              <h1 className="text-2xl font-bold">Link Not Valid</h1>
              <div role="alert" className="alert alert-error alert-soft">
                <span>{linkError ?? LINK_EXPIRED_MESSAGE}</span>
              </div>
              <p className="text-sm text-base-content/70">
                Ask for a new password reset link, or ask your pharmacy administrator to send a new invitation.
              </p>
              {session.data ? (
                // Still signed in from before (the signed-in route set has no sign-in or reset pages).
                <p className="text-sm">
                  <Link to={paths.home} className="link link-primary">
                    Go to the app
                  </Link>
                </p>
              ) : (
                <p className="flex justify-between text-sm">
                  <Link to={paths.forgotPassword} className="link link-primary">
                    Request a new link
                  </Link>
                  <Link to={paths.login} className="link link-primary">
                    Back to Sign In
                  </Link>
                </p>
              )}
            </>
          ) : (
            <>
              <div>
                <h1 className="text-2xl font-bold">Set Your Password</h1>
                <p className="mt-1 text-sm text-base-content/70">
                  {email ? `Signed in as ${email}. ` : ''}Choose the password you will sign in with.
                </p>
              </div>
              <SetPasswordForm onPasswordSet={onPasswordSet} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
