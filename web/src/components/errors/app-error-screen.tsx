/** A full-screen message for an error the app cannot continue past (e.g. the session could not be read). */

export interface AppErrorScreenProps {
  title: string;
  message: string;
  onRetry?: () => void;
  /** Offered when the error is tied to the signed-in account, so the user is never stuck. */
  onSignOut?: () => void;
}

export function AppErrorScreen({ title, message, onRetry, onSignOut }: AppErrorScreenProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 p-6">
      <div role="alert" className="card w-full max-w-lg bg-base-100 shadow-md">
        <div className="card-body gap-3">
          <h1 className="card-title text-error">{title}</h1>
          <p className="break-words text-sm">{message}</p>
          {onRetry || onSignOut ? (
            <div className="card-actions justify-end">
              {onSignOut ? (
                <button type="button" className="btn btn-ghost btn-sm" onClick={onSignOut}>
                  Sign Out
                </button>
              ) : null}
              {onRetry ? (
                <button type="button" className="btn btn-primary btn-sm" onClick={onRetry}>
                  Try again
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
    </main>
  );
}
