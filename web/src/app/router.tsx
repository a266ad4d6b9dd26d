/**
 * Routing. The session decides which route set is served (spec §2), so the router is chosen only once the
 * session has loaded; until then the full-screen loader shows. Today only the signed-out set exists: the
 * signed-in set (dashboard, sidebar pages) arrives with sign-in and is selected here by `session`.
 */
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppErrorScreen } from '../components/errors/app-error-screen.tsx';
import { PublicLayout } from '../components/layouts/public-layout.tsx';
import { FullScreenLoader } from '../components/ui/full-screen-loader.tsx';
import { paths } from '../config/paths.ts';
import { useSession } from '../features/auth/api/get-session.ts';
import { useSessionSync } from '../features/auth/hooks/use-session-sync.ts';
import { LandingRoute } from './routes/landing.tsx';
import { NotYetAvailableRoute } from './routes/not-yet-available.tsx';
import { RouteErrorRoute } from './routes/route-error.tsx';

const signedOutRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteErrorRoute />,
    children: [
      { path: paths.home, element: <LandingRoute /> },
      { path: paths.login, element: <NotYetAvailableRoute screen="Sign In" /> },
      { path: paths.onboard, element: <NotYetAvailableRoute screen="Pharmacy Onboarding" /> },
      { path: paths.productionOnboard, element: <NotYetAvailableRoute screen="Pharmacy Account Setup" /> },
      { path: paths.subscriptionPlans, element: <NotYetAvailableRoute screen="Subscription Plans" /> },
      // Signed out, any other path is the landing page (spec §2); '404 Page Not Found' belongs to the signed-in set.
      { path: '*', element: <LandingRoute /> },
    ],
  },
];

const signedOutRouter = createBrowserRouter(signedOutRoutes);

export function AppRouter() {
  useSessionSync();
  const session = useSession();

  if (session.isPending) return <FullScreenLoader message="Loading your session…" />;
  if (session.isError) {
    return (
      <AppErrorScreen
        title="Your session could not be loaded"
        message={session.error.message}
        onRetry={() => void session.refetch()}
      />
    );
  }
  return <RouterProvider router={signedOutRouter} />;
}
