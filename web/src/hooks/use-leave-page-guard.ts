/**
 * Unsaved changes are not lost by leaving the screen (System Settings, the Billing screen's Transmission settings): while `dirty`, a navigation to another screen is held by
 * react-router's blocker (the screen asks: stay or discard, then resets or proceeds it), and closing or reloading
 * the page gets the browser's own leave-page question (beforeunload; browsers show their own text).
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

export function useLeavePageGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return blocker;
}
