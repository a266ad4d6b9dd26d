/**
 * Two-factor authentication of the signed-in staff member: on (an authenticator app is verified; 'Turn Off'
 * removes it) or off (the enrolment). What the database records (staff_profiles.two_factor_enabled) follows.
 */
import { QueryState } from '../../../components/ui/query-state.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useTotpFactors } from '../api/get-totp-factors.ts';
import { useUnenrolTotpFactor } from '../api/unenrol-totp-factor.ts';
import { TotpEnrolment } from './totp-enrolment.tsx';

export const TWO_FACTOR_ENABLED_TOAST = 'Two-factor authentication is on';

export function TwoFactorSettings({ userId }: { userId: string }) {
  const factors = useTotpFactors(userId);
  const unenrol = useUnenrolTotpFactor(userId);

  return (
    <QueryState query={factors} errorText="Two-factor authentication could not be loaded" loadingLabel="Loading two-factor authentication…">
      {(data) =>
        data.verifiedFactorId ? (
          <div className="flex flex-col gap-3">
            <p role="status" className="flex items-center gap-2">
              <span className="badge badge-success">On</span>
              You sign in with your password and a code from your authenticator app.
            </p>
            {unenrol.isError ? (
              <div role="alert" className="alert alert-error alert-soft">
                <span>{unenrol.error.message}</span>
              </div>
            ) : null}
            <button
              type="button"
              className="btn btn-outline btn-sm self-start"
              disabled={unenrol.isPending}
              onClick={() => unenrol.mutate(data.verifiedFactorId as string)}
            >
              {unenrol.isPending ? 'Turning Off...' : 'Turn Off'}
            </button>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            <p className="flex items-center gap-2">
              <span className="badge badge-ghost">Off</span>
              Add a code from an authenticator app to your password when you sign in.
            </p>
            <TotpEnrolment userId={userId} onEnabled={() => toast({ title: TWO_FACTOR_ENABLED_TOAST })} />
          </div>
        )
      }
    </QueryState>
  );
}
