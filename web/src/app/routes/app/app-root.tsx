/**
 * Root of the signed-in route set: the shell with the signed-in staff member's account block, the idle
 * sign-out after the pharmacy's session timeout, and the account notices (deactivation signs out at once, a
 * new role is re-read). The router
 * mounts this set only once the current user is loaded, so the cached context is read here.
 */
import { Link } from 'react-router-dom';
import { SignedInLayout } from '../../../components/layouts/signed-in-layout.tsx';
import { FullScreenLoader } from '../../../components/ui/full-screen-loader.tsx';
import { useCurrentStaff } from '../../../features/auth/api/get-current-staff.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { IdleSessionGuard } from '../../../features/auth/components/idle-session-guard.tsx';
import { StaffCard } from '../../../features/auth/components/staff-card.tsx';
import { useAccountNotices } from '../../../features/auth/hooks/use-account-notices.ts';
import { paths } from '../../../config/paths.ts';

export function AppRoot() {
  const session = useSession();
  const staff = useCurrentStaff(session.data?.user.id);
  useAccountNotices(staff.data?.pharmacy.id, staff.data?.user.id);
  if (!staff.data) return <FullScreenLoader message="Loading your pharmacy…" />;
  return (
    <>
      <SignedInLayout
        account={
          <div className="flex flex-col gap-2">
            <StaffCard staff={staff.data} />
            <Link to={paths.twoFactor} className="link link-hover text-center text-xs">
              Two-factor authentication
            </Link>
          </div>
        }
        role={staff.data.user.role}
      />
      <IdleSessionGuard timeoutMinutes={staff.data.securityPolicy.sessionTimeoutMinutes} />
    </>
  );
}
