/**
 * Root of the signed-in route set: loads the signed-in staff member once — the one "Loading your pharmacy…" of the
 * signed-in screens — and provides it to every screen (useSignedInStaff, lib/signed-in-staff.tsx); then the shell
 * with the staff member's account block (two-factor authentication; the subscription, for admins), the terminal's live tables (one realtime channel refreshing every query
 * that reads a changed table), the idle sign-out after the pharmacy's session timeout (read from THE security policy
 * query, so a saved change applies at once), and the account notices (deactivation signs out at once, a new role is
 * re-read). The header's global search is the global-search feature; where each result leads is decided here, so
 * the feature links into no other: a patient's details (`/patients?patient=`, recorded as any open), an Rx number's
 * Refill dialog in the queue (`?rx=`), a drug open in the Drug Database (`?q=&drug=`), a prescriber in the directory
 * by NPI (`?q=`).
 */
import { queueRefillLink } from '@pharmacy/shared/prescriptions/queue-link.ts';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DEFAULT_SESSION_TIMEOUT_MINUTES } from '@pharmacy/shared/security/policy.ts';
import { mayOpenScreen, subscriptionScreen } from '@pharmacy/shared/staff/screens.ts';
import { SignedInLayout } from '../../../components/layouts/signed-in-layout.tsx';
import { FullScreenLoader } from '../../../components/ui/full-screen-loader.tsx';
import { useCurrentStaff } from '../../../features/auth/api/get-current-staff.ts';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { IdleSessionGuard } from '../../../features/auth/components/idle-session-guard.tsx';
import { StaffCard } from '../../../features/auth/components/staff-card.tsx';
import { useAccountNotices } from '../../../features/auth/hooks/use-account-notices.ts';
import { GlobalSearch } from '../../../features/global-search/components/global-search.tsx';
import type { GlobalSearchTarget } from '../../../features/global-search/components/search-options.ts';
import { useLiveTables } from '../../../hooks/use-live-tables.ts';
import { useSecurityPolicy } from '../../../hooks/use-security-policy.ts';
import { SignedInStaffProvider, useSignedInStaff } from '../../../lib/signed-in-staff.tsx';
import { paths } from '../../../config/paths.ts';

export function AppRoot() {
  const session = useSession();
  const staff = useCurrentStaff(session.data?.user.id);
  useAccountNotices(staff.data?.pharmacy.id, staff.data?.user.id);
  if (!staff.data) return <FullScreenLoader message="Loading your pharmacy…" />;
  return (
    <SignedInStaffProvider staff={staff.data}>
      <SignedInShell />
    </SignedInStaffProvider>
  );
}

/** Where a global search result leads (each screen reads its own address). */
export function globalSearchLink(target: GlobalSearchTarget): string {
  switch (target.kind) {
    case 'prescription':
      return queueRefillLink(target.rxNumber);
    case 'patient':
      return `/patients?${new URLSearchParams({ patient: target.patientId }).toString()}`;
    case 'medication':
      return `/drugs?${new URLSearchParams({ q: target.search, drug: target.medicationId }).toString()}`;
    case 'prescriber':
      return `/providers?${new URLSearchParams({ q: target.search }).toString()}`;
  }
}

function SignedInShell() {
  const staff = useSignedInStaff();
  useLiveTables(staff.pharmacy.id);
  // Until the policy arrives (or if it cannot be read), the default timeout still signs an idle terminal out.
  const sessionTimeout = useSecurityPolicy(staff.pharmacy.id, { select: (policy) => policy?.sessionTimeoutMinutes }).data;
  const navigate = useNavigate();
  const openSearchResult = useCallback((target: GlobalSearchTarget) => void navigate(globalSearchLink(target)), [navigate]);
  return (
    <>
      <SignedInLayout
        search={<GlobalSearch pharmacyId={staff.pharmacy.id} onOpen={openSearchResult} />}
        account={
          <div className="flex flex-col gap-2">
            <StaffCard staff={staff} />
            <Link to={paths.twoFactor} className="link link-hover text-center text-xs">
              Two-factor authentication
            </Link>
            {mayOpenScreen(staff.role, subscriptionScreen) ? (
              <Link to={subscriptionScreen.path} className="link link-hover text-center text-xs">
                {subscriptionScreen.sidebarLabel}
              </Link>
            ) : null}
          </div>
        }
        role={staff.role}
      />
      <IdleSessionGuard timeoutMinutes={sessionTimeout ?? DEFAULT_SESSION_TIMEOUT_MINUTES} />
    </>
  );
}
