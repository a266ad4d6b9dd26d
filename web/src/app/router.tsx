/**
 * Routing. The session decides which route set is served (spec §2, §4): signed in means a Supabase
 * session whose user is staff of a pharmacy (current_staff_context answers with a user); until both are
 * known the full-screen loader shows. A router is created per route set, from the address bar of the
 * moment, and a change of set moves the address: leaving the signed-in set lands on /login (spec §2
 * "Logout redirects to /login"), entering it from a signed-out-only page lands on the dashboard.
 */
import { type ReactElement, useMemo, useRef } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppErrorScreen } from '../components/errors/app-error-screen.tsx';
import { PublicLayout } from '../components/layouts/public-layout.tsx';
import { FullScreenLoader } from '../components/ui/full-screen-loader.tsx';
import { paths, signedInPages } from '../config/paths.ts';
import { useCurrentStaff } from '../features/auth/api/get-current-staff.ts';
import { useSession } from '../features/auth/api/get-session.ts';
import { signOut } from '../features/auth/api/sign-out.ts';
import { useSessionSync } from '../features/auth/hooks/use-session-sync.ts';
import { useQueryClient } from '@tanstack/react-query';
import { AppRoot } from './routes/app/app-root.tsx';
import { DashboardRoute } from './routes/app/dashboard.tsx';
import { LabelsRoute } from './routes/app/labels.tsx';
import { NotFoundRoute } from './routes/app/not-found.tsx';
import { PatientsRoute } from './routes/app/patients.tsx';
import { PrescriptionsRoute } from './routes/app/prescriptions.tsx';
import { LandingRoute } from './routes/landing.tsx';
import { LoginRoute } from './routes/login.tsx';
import { NotYetAvailableRoute } from './routes/not-yet-available.tsx';
import { OnboardRoute } from './routes/onboard.tsx';
import { ProductionOnboardRoute } from './routes/production-onboard.tsx';
import { RouteErrorRoute } from './routes/route-error.tsx';
import { SubscriptionPlansRoute } from './routes/subscription-plans.tsx';

type RouteSet = 'signed-in' | 'signed-out';

const signedOutRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      { path: paths.home, element: <LandingRoute /> },
      { path: paths.login, element: <LoginRoute /> },
      { path: paths.onboard, element: <OnboardRoute /> },
      { path: paths.productionOnboard, element: <ProductionOnboardRoute /> },
      { path: paths.subscriptionPlans, element: <SubscriptionPlansRoute /> },
      // Signed out, any other path is the landing page (spec §2); '404 Page Not Found' belongs to the signed-in set.
      { path: '*', element: <LandingRoute /> },
    ],
  },
];

/** The signed-in screens that exist, by path; one line per screen. */
const builtScreens: Partial<Record<(typeof signedInPages)[number]['path'], ReactElement>> = {
  '/patients': <PatientsRoute />,
  '/prescriptions': <PrescriptionsRoute />,
  '/': <DashboardRoute />,
  '/labels': <LabelsRoute />,
};

const signedInRoutes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorRoute />,
    children: [
      // Screens not built yet say so (never fake data); built ones are listed in builtScreens.
      ...signedInPages.map((page) => ({ path: page.path, element: builtScreens[page.path] ?? <NotYetAvailableRoute screen={page.title} /> })),
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

const SIGNED_OUT_ONLY_PATHS: readonly string[] = [paths.login, paths.onboard, paths.productionOnboard, paths.subscriptionPlans];

/** Moves the address bar when the route set changes, before the new set's router reads it. */
function addressForNewRouteSet(previous: RouteSet | null, next: RouteSet): void {
  if (previous === 'signed-in' && next === 'signed-out') {
    window.history.replaceState(null, '', paths.login);
  } else if (previous === 'signed-out' && next === 'signed-in' && SIGNED_OUT_ONLY_PATHS.includes(window.location.pathname)) {
    window.history.replaceState(null, '', paths.home);
  }
}

function useRouteSetRouter(routeSet: RouteSet) {
  const shown = useRef<{ routeSet: RouteSet; router: ReturnType<typeof createBrowserRouter> } | null>(null);
  return useMemo(() => {
    if (shown.current?.routeSet === routeSet) return shown.current.router;
    addressForNewRouteSet(shown.current?.routeSet ?? null, routeSet);
    shown.current?.router.dispose();
    const router = createBrowserRouter(routeSet === 'signed-in' ? signedInRoutes : signedOutRoutes);
    shown.current = { routeSet, router };
    return router;
  }, [routeSet]);
}

export function AppRouter() {
  useSessionSync();
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session.data?.user.id;
  const staff = useCurrentStaff(userId);
  const routeSet: RouteSet = userId !== undefined && staff.data ? 'signed-in' : 'signed-out';
  const router = useRouteSetRouter(routeSet);

  if (session.isPending || (userId !== undefined && staff.isPending)) {
    return <FullScreenLoader message="Loading your session…" />;
  }
  if (session.isError) {
    return (
      <AppErrorScreen
        title="Your session could not be loaded"
        message={session.error.message}
        onRetry={() => void session.refetch()}
      />
    );
  }
  if (staff.isError) {
    return (
      <AppErrorScreen
        title="Your pharmacy account could not be loaded"
        message={staff.error.message}
        onRetry={() => void staff.refetch()}
        onSignOut={() => void signOut(queryClient)}
      />
    );
  }
  // Keyed by the route set: a new router needs a fresh RouterProvider, not one holding the old router's state.
  return <RouterProvider key={routeSet} router={router} />;
}
