/**
 * Idle tracking of a signed-in terminal: the time of the last keyboard, pointer, wheel or touch activity in
 * this tab or any other tab of the app (shared through localStorage), and from it the phase — active, warning
 * (the last minute before the pharmacy's session timeout) or expired. A one-second tick re-reads the clock, so
 * a sleeping laptop that wakes past the timeout is expired at once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long before the timeout the warning shows. */
export const IDLE_WARNING_MS = 60_000;
const LAST_ACTIVITY_KEY = 'pharmacy:last-activity';
/** Writes of the shared activity time are spaced out, so typing does not hammer localStorage. */
const SHARE_EVERY_MS = 5_000;
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart', 'scroll'] as const;

export type IdlePhase = { kind: 'active' } | { kind: 'warning'; secondsLeft: number } | { kind: 'expired' };

function phaseAt(lastActivity: number, timeoutMs: number, now: number): IdlePhase {
  const left = lastActivity + timeoutMs - now;
  if (left <= 0) return { kind: 'expired' };
  if (left <= IDLE_WARNING_MS) return { kind: 'warning', secondsLeft: Math.ceil(left / 1000) };
  return { kind: 'active' };
}

function sharedActivity(): number {
  const stored = Number(window.localStorage.getItem(LAST_ACTIVITY_KEY));
  return Number.isFinite(stored) ? stored : 0;
}

/**
 * The idle phase for a timeout of `timeoutMinutes`, and `stayActive` (the warning's "Stay signed in"). While
 * the warning shows, only stayActive counts as activity: a stray mouse move must not dismiss it unread.
 */
export function useIdleTimeout(timeoutMinutes: number): { phase: IdlePhase; stayActive: () => void } {
  const timeoutMs = timeoutMinutes * 60_000;
  const lastActivity = useRef(Date.now());
  const lastShared = useRef(0);
  const [phase, setPhase] = useState<IdlePhase>({ kind: 'active' });
  const warning = useRef(false);

  const recordActivity = useCallback(() => {
    const now = Date.now();
    lastActivity.current = now;
    if (now - lastShared.current >= SHARE_EVERY_MS) {
      lastShared.current = now;
      window.localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
    }
  }, []);

  const tick = useCallback(() => {
    const next = phaseAt(Math.max(lastActivity.current, sharedActivity()), timeoutMs, Date.now());
    warning.current = next.kind === 'warning';
    setPhase((current) =>
      current.kind === next.kind && (next.kind !== 'warning' || (current.kind === 'warning' && current.secondsLeft === next.secondsLeft)) ? current : next,
    );
  }, [timeoutMs]);

  const stayActive = useCallback(() => {
    lastShared.current = 0;
    recordActivity();
    tick();
  }, [recordActivity, tick]);

  useEffect(() => {
    recordActivity();
    const onActivity = () => {
      if (!warning.current) recordActivity();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    const onStorage = (event: StorageEvent) => {
      if (event.key === LAST_ACTIVITY_KEY) tick();
    };
    window.addEventListener('storage', onStorage);
    const interval = window.setInterval(tick, 1000);
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      window.removeEventListener('storage', onStorage);
      window.clearInterval(interval);
    };
  }, [recordActivity, tick]);

  return { phase, stayActive };
}
