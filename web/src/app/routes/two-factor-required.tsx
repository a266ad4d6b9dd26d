/**
 * An admin whose pharmacy requires two-factor authentication for admins and who has no authenticator app yet:
 * the enrolment, before anything else (the database withholds admin rights until their session is aal2 anyway).
 * Once the code is verified the session is aal2 and the router opens the app.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../features/auth/api/get-session.ts';
import { signOut } from '../../features/auth/api/sign-out.ts';
import { TotpEnrolment } from '../../features/two-factor/components/totp-enrolment.tsx';

export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Your pharmacy requires two-factor authentication for administrators. Set up an authenticator app to continue.';

export function TwoFactorRequiredRoute() {
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session.data?.user.id;
  return (
    <section className="flex flex-1 items-start justify-center">
      <div className="card w-full max-w-md bg-base-100 shadow-sm">
        <div className="card-body gap-5">
          <div>
            <h1 className="text-2xl font-bold">Set Up Two-Factor Authentication</h1>
            <p className="mt-1 text-sm text-base-content/70">{TWO_FACTOR_REQUIRED_MESSAGE}</p>
          </div>
          {userId ? <TotpEnrolment userId={userId} onEnabled={() => undefined} /> : null}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void signOut(queryClient, 'local')}>
            Sign Out
          </button>
        </div>
      </div>
    </section>
  );
}
