/**
 * Routing. The session decides which route set is served (spec §2, §4): signed in means a Supabase
 * session whose user is staff of a pharmacy (current_staff_context answers with a user); until both are
 * known the full-screen loader shows. A router is created per route set, from the address bar of the
 * moment, and a change of set moves the address: leaving the signed-in set lands on /login (spec §2
 * "Logout redirects to /login"), entering it from a signed-out-only page lands on the dashboard.
 *
 * Code splitting: only the landing and sign-in pages are in the first download. The signed-in shell, each
 * signed-in screen and each onboarding page is its own chunk, loaded by the router when a route first
 * matches (`lazy`), so a visitor signing in never downloads screen code or screen-only libraries
 * (`npm run bench -- bundle` prints the first visit's JavaScript; tests/e2e/code-splitting.spec.ts checks it).
 *
 * Two-factor authentication (Supabase Auth MFA): a signed-in staff member whose authenticator app is verified but
 * whose session has not given its code yet (aal1) gets the code step at every path; an admin whose pharmacy requires
 * 2FA for admins and who has no authenticator app gets the enrolment. Both are route sets of their own, so no screen
 * is served (or downloaded) before; the database withholds admin rights from such sessions anyway.
 *
 * Roles: the signed-in router is made for the signed-in role (shared/src/staff/screens.ts says who opens what). A
 * screen the role may not open is served as "Not available for your role" and its code is never loaded; a
 * change of role (an admin changed it, the staff context refetched) makes a new router. Unknown paths stay 404.
 * /subscription-plans is in both sets: signed out the marketing plans page, signed in the pharmacy's subscription
 * (admins; reached from the account block).
 */
import { type ComponentType, useMemo, useRef } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppErrorScreen } from '../components/errors/app-error-screen.tsx';
import { PublicLayout } from '../components/layouts/public-layout.tsx';
import { FullScreenLoader } from '../components/ui/full-screen-loader.tsx';
import { mayOpenScreen, screens, subscriptionScreen, type Screen, type ScreenPath, type StaffRole } from '@pharmacy/shared/staff/screens.ts';
import { paths } from '../config/paths.ts';
import { useCurrentStaff } from '../features/auth/api/get-current-staff.ts';
import { useSession } from '../features/auth/api/get-session.ts';
import { useTwoFactorStep, type TwoFactorStep } from '../features/auth/api/get-two-factor-status.ts';
import { signOut } from '../features/auth/api/sign-out.ts';
import { useSessionSync } from '../features/auth/hooks/use-session-sync.ts';
import { ServerConnectionIndicator } from '../features/server-connection/components/server-connection-indicator.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { LandingRoute } from './routes/landing.tsx';
import { LoginRoute } from './routes/login.tsx';
import { RouteErrorRoute } from './routes/route-error.tsx';
import { TwoFactorCodeRoute } from './routes/two-factor-code.tsx';

/**
 * The route set served: signed out (null), a two-factor step before the app, or signed in as a role (whose router
 * holds only the screens it may open).
 */
type RouteSet = StaffRole | 'two-factor-code' | 'two-factor-enrolment' | null;

function isStaffRouteSet(routeSet: RouteSet | undefined): routeSet is StaffRole {
  return routeSet !== undefined && routeSet !== null && routeSet !== 'two-factor-code' && routeSet !== 'two-factor-enrolment';
}

/** A route whose component is its own chunk, imported the first time the route matches. */
function lazyRoute(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

/** The signed-out pages' frame, its footer telling whether the pharmacy server is reachable. */
const publicLayout = <PublicLayout status={<ServerConnectionIndicator />} />;

/** Shown while the first page's chunk loads, on a fresh page load only (navigations keep the old page meanwhile). */
const loadingPage = <FullScreenLoader message="Loading…" />;

/**
 * Where an emailed invite or recovery link lands (signed in by the link): outside the signed-in shell, in both
 * route sets, since the link's session may belong to staff (signed-in set) or not yet (signed-out set).
 */
const setPasswordRoute: RouteObject = {
  path: paths.setPassword,
  ...lazyRoute(() => import('./routes/set-password.tsx').then((module) => module.SetPasswordRoute)),
};

const signedOutRoutes: RouteObject[] = [
  {
    element: publicLayout,
    errorElement: <RouteErrorRoute />,
    hydrateFallbackElement: loadingPage,
    children: [
      { path: paths.home, element: <LandingRoute /> },
      { path: paths.login, element: <LoginRoute /> },
      { path: paths.onboard, ...lazyRoute(() => import('./routes/onboard.tsx').then((module) => module.OnboardRoute)) },
      {
        path: paths.productionOnboard,
        ...lazyRoute(() => import('./routes/production-onboard.tsx').then((module) => module.ProductionOnboardRoute)),
      },
      {
        path: paths.subscriptionPlans,
        ...lazyRoute(() => import('./routes/subscription-plans.tsx').then((module) => module.SubscriptionPlansRoute)),
      },
      {
        path: paths.forgotPassword,
        ...lazyRoute(() => import('./routes/forgot-password.tsx').then((module) => module.ForgotPasswordRoute)),
      },
      setPasswordRoute,
      // Signed out, any other path is the landing page (spec §2); '404 Page Not Found' belongs to the signed-in set.
      { path: '*', element: <LandingRoute /> },
    ],
  },
];

/** The signed-in screens, by path (every path of shared/src/staff/screens.ts has one); one line per screen, each its own chunk. */
const builtScreens: Record<ScreenPath, () => Promise<ComponentType>> = {
  '/patients': () => import('./routes/app/patients.tsx').then((module) => module.PatientsRoute),
  '/drugs': () => import('./routes/app/drugs.tsx').then((module) => module.DrugsRoute),
  '/providers': () => import('./routes/app/providers.tsx').then((module) => module.ProvidersRoute),
  '/prescription-files': () => import('./routes/app/prescription-files.tsx').then((module) => module.PrescriptionFilesRoute),
  '/inventory': () => import('./routes/app/inventory.tsx').then((module) => module.InventoryRoute),
  '/billing': () => import('./routes/app/billing.tsx').then((module) => module.BillingRoute),
  '/prescriptions': () => import('./routes/app/prescriptions.tsx').then((module) => module.PrescriptionsRoute),
  '/': () => import('./routes/app/dashboard.tsx').then((module) => module.DashboardRoute),
  '/labels': () => import('./routes/app/labels.tsx').then((module) => module.LabelsRoute),
  '/reports': () => import('./routes/app/reports.tsx').then((module) => module.ReportsRoute),
  '/security-manager': () => import('./routes/app/security-manager.tsx').then((module) => module.SecurityManagerRoute),
  '/system-settings': () => import('./routes/app/system-settings.tsx').then((module) => module.SystemSettingsRoute),
  '/loading-demo': () => import('./routes/app/loading-demo.tsx').then((module) => module.LoadingDemoRoute),
  '/data-migration': () => import('./routes/app/data-migration.tsx').then((module) => module.DataMigrationRoute),
};

/** In place of a screen the role may not open: the refusal, without the screen's code. */
function notAvailableForRole(screen: Screen, role: StaffRole): () => Promise<ComponentType> {
  return () =>
    import('./routes/app/not-available-for-role.tsx').then(({ NotAvailableForRoleRoute }) => {
      const ScreenNotAvailableForRole = () => <NotAvailableForRoleRoute screen={screen} role={role} />;
      return ScreenNotAvailableForRole;
    });
}

function signedInRoutes(role: StaffRole): RouteObject[] {
  return [
    { element: publicLayout, errorElement: <RouteErrorRoute />, hydrateFallbackElement: loadingPage, children: [setPasswordRoute] },
    {
      ...lazyRoute(() => import('./routes/app/app-root.tsx').then((module) => module.AppRoot)),
      errorElement: <RouteErrorRoute />,
      hydrateFallbackElement: loadingPage,
      children: [
        ...screens.map((screen) => ({
          path: screen.path,
          ...lazyRoute(
            mayOpenScreen(role, screen)
              ? builtScreens[screen.path]
              : notAvailableForRole(screen, role),
          ),
        })),
        // The account block's Subscription link (admins); signed out the same address is the marketing plans page.
        {
          path: subscriptionScreen.path,
          ...lazyRoute(
            mayOpenScreen(role, subscriptionScreen)
              ? () => import('./routes/app/subscription-plans.tsx').then((module) => module.PharmacySubscriptionRoute)
              : notAvailableForRole(subscriptionScreen, role),
          ),
        },
        { path: paths.twoFactor, ...lazyRoute(() => import('./routes/app/two-factor.tsx').then((module) => module.TwoFactorRoute)) },
        { path: '*', ...lazyRoute(() => import('./routes/app/not-found.tsx').then((module) => module.NotFoundRoute)) },
      ],
    },
  ];
}

/** A two-factor step: one page at every path, in the signed-out pages' frame. */
function twoFactorRoutes(routeSet: 'two-factor-code' | 'two-factor-enrolment'): RouteObject[] {
  const page: RouteObject =
    routeSet === 'two-factor-code'
      ? { path: '*', element: <TwoFactorCodeRoute /> }
      : { path: '*', ...lazyRoute(() => import('./routes/two-factor-required.tsx').then((module) => module.TwoFactorRequiredRoute)) };
  return [{ element: publicLayout, errorElement: <RouteErrorRoute />, hydrateFallbackElement: loadingPage, children: [page] }];
}

function routesFor(routeSet: RouteSet): RouteObject[] {
  if (routeSet === null) return signedOutRoutes;
  if (routeSet === 'two-factor-code' || routeSet === 'two-factor-enrolment') return twoFactorRoutes(routeSet);
  return signedInRoutes(routeSet);
}

// /subscription-plans is not among them: signed in, it is the pharmacy's subscription (admins).
const SIGNED_OUT_ONLY_PATHS: readonly string[] = [paths.login, paths.onboard, paths.productionOnboard, paths.forgotPassword];

/** Moves the address bar when the route set changes, before the new set's router reads it. */
function addressForNewRouteSet(previous: RouteSet | undefined, next: RouteSet): void {
  if (previous !== undefined && previous !== null && next === null) {
    window.history.replaceState(null, '', paths.login);
  } else if (previous !== undefined && !isStaffRouteSet(previous) && isStaffRouteSet(next) && SIGNED_OUT_ONLY_PATHS.includes(window.location.pathname)) {
    window.history.replaceState(null, '', paths.home);
  }
}

function useRouteSetRouter(routeSet: RouteSet) {
  const shown = useRef<{ routeSet: RouteSet; router: ReturnType<typeof createBrowserRouter> } | null>(null);
  return useMemo(() => {
    if (shown.current && shown.current.routeSet === routeSet) return shown.current.router;
    addressForNewRouteSet(shown.current?.routeSet, routeSet);
    shown.current?.router.dispose();
    const router = createBrowserRouter(routesFor(routeSet));
    shown.current = { routeSet, router };
    return router;
  }, [routeSet]);
}

/** Signed in as staff, the two-factor step (if any) comes first. */
function chooseRouteSet(role: StaffRole | undefined, twoFactorStep: TwoFactorStep | undefined): RouteSet {
  if (role === undefined || twoFactorStep === undefined) return null;
  if (twoFactorStep === 'code') return 'two-factor-code';
  if (twoFactorStep === 'enrol') return 'two-factor-enrolment';
  return role;
}

export function AppRouter() {
  useSessionSync();
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session.data?.user.id;
  const staff = useCurrentStaff(userId);
  const twoFactor = useTwoFactorStep(session.data, staff.data ? { role: staff.data.user.role, pharmacyId: staff.data.pharmacy.id } : undefined);
  const routeSet = chooseRouteSet(userId !== undefined ? staff.data?.user.role : undefined, twoFactor.step);
  const router = useRouteSetRouter(routeSet);

  if (session.isPending || (userId !== undefined && staff.isPending) || (staff.data && twoFactor.step === undefined && !twoFactor.error)) {
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
  if (twoFactor.error) {
    return (
      <AppErrorScreen
        title="Your sign-in could not be checked"
        message={twoFactor.error.message}
        onRetry={() => void twoFactor.refetch()}
        onSignOut={() => void signOut(queryClient)}
      />
    );
  }
  // Keyed by the route set: a new router needs a fresh RouterProvider, not one holding the old router's state.
  return <RouterProvider key={routeSet ?? 'signed-out'} router={router} />;
}
