/**
 * The second step of signing in (Supabase Auth MFA): a staff member with a verified authenticator app gives its
 * current code before the app opens (their session is aal1 until then; with the pharmacy's "Require 2FA for
 * admins" the database also withholds admin rights until it is aal2). The router serves it at every path.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../features/auth/api/get-session.ts';
import { signOut } from '../../features/auth/api/sign-out.ts';
import { TwoFactorCodeForm } from '../../features/auth/components/two-factor-code-form.tsx';
import { verifiedTotpFactorId } from '../../features/auth/two-factor-step.ts';

export function TwoFactorCodeRoute() {
  const queryClient = useQueryClient();
  const session = useSession();
  const factorId = session.data ? verifiedTotpFactorId(session.data) : null;
  return (
    <section className="flex flex-1 items-start justify-center">
      <div className="card w-full max-w-md bg-base-100 shadow-sm">
        <div className="card-body gap-5">
          <div>
            <h1 className="text-2xl font-bold">Two-Factor Authentication</h1>
            <p className="mt-1 text-sm text-base-content/70">Enter the 6-digit code from your authenticator app.</p>
          </div>
          {factorId ? <TwoFactorCodeForm factorId={factorId} onCancel={() => void signOut(queryClient, 'local')} /> : null}
        </div>
      </div>
    </section>
  );
}
