/**
 * Ends an idle terminal's session (HIPAA §164.312(a)(2)(iii) automatic logoff): after the pharmacy's session
 * timeout (security policy, session_timeout_minutes) without activity the user is signed out; during the last
 * minute a dialog warns and offers to stay signed in. The server refuses a refresh after config.toml's
 * [auth.sessions] inactivity_timeout as well, so a closed browser's session ends too.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { signOut } from '../api/sign-out.ts';
import { useIdleTimeout } from '../hooks/use-idle-timeout.ts';
import { rememberIdleSignOut } from '../idle-sign-out-notice.ts';

export interface IdleSessionGuardProps {
  timeoutMinutes: number;
}

export function IdleSessionGuard({ timeoutMinutes }: IdleSessionGuardProps) {
  const queryClient = useQueryClient();
  const { phase, stayActive } = useIdleTimeout(timeoutMinutes);
  const signingOut = useRef(false);

  useEffect(() => {
    if (phase.kind !== 'expired' || signingOut.current) return;
    signingOut.current = true;
    rememberIdleSignOut(timeoutMinutes);
    // Only this terminal: the same pharmacist may be working at another one.
    void signOut(queryClient, 'local');
  }, [phase.kind, queryClient, timeoutMinutes]);

  // The warning must be answered (Stay Signed In or Sign Out Now): Escape does not dismiss it unread.
  return (
    <Dialog open={phase.kind === 'warning'} onClose={stayActive} dismissible={false} title="Are you still there?" role="alertdialog" describedBy="idle-warning-text" titleClassName="font-semibold">
      {phase.kind === 'warning' ? (
        <>
          <p id="idle-warning-text" className="py-3">
            This terminal has been idle. To protect patient information you will be signed out in{' '}
            <span data-testid="idle-seconds-left">{phase.secondsLeft}</span> seconds.
          </p>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={() => void signOut(queryClient, 'local')}>
              Sign Out Now
            </button>
            <button type="button" className="btn btn-primary" onClick={stayActive} data-autofocus>
              Stay Signed In
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
