/** Error element of the router: a route that throws while rendering shows this instead of a blank page. */
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { AppErrorScreen } from '../../components/errors/app-error-screen.tsx';

export function RouteErrorRoute() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status}: ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return <AppErrorScreen title="Something went wrong" message={message} onRetry={() => window.location.reload()} />;
}
