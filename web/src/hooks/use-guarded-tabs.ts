/**
 * Tabs whose shown tab may hold unsaved changes (System Settings' groups, the Billing screen's Transmission form):
 * while `dirty`, asking for another tab, another screen or leaving the page is held (useLeavePageGuard) until the
 * person chooses to stay or to discard the changes. The screen shows its own question while `asking`.
 */
import { useCallback, useState } from 'react';
import { tabId } from '../components/ui/tabs.tsx';
import { useLeavePageGuard } from './use-leave-page-guard.ts';

export function useGuardedTabs<Tab extends string>(baseId: string, initial: Tab) {
  const [tab, setTab] = useState<Tab>(initial);
  const [dirty, setDirty] = useState(false);
  /** A tab asked for while the shown one has unsaved changes. */
  const [pendingTab, setPendingTab] = useState<Tab | null>(null);
  const blocker = useLeavePageGuard(dirty);

  const selectTab = useCallback((next: Tab) => {
    if (next === tab) return;
    if (dirty) setPendingTab(next);
    else setTab(next);
  }, [tab, dirty]);

  const stay = useCallback(() => {
    if (blocker.state === 'blocked') blocker.reset();
    if (pendingTab !== null) {
      // The arrow keys had moved focus to the tab asked for; after the question hands focus back, return it to the
      // tab still shown, so the next arrow moves from there.
      requestAnimationFrame(() => document.getElementById(tabId(baseId, tab))?.focus());
    }
    setPendingTab(null);
  }, [blocker, pendingTab, baseId, tab]);

  const discard = useCallback(() => {
    setDirty(false);
    if (blocker.state === 'blocked') blocker.proceed();
    if (pendingTab !== null) setTab(pendingTab);
    setPendingTab(null);
  }, [blocker, pendingTab]);

  return { tab, selectTab, dirty, setDirty, asking: pendingTab !== null || blocker.state === 'blocked', stay, discard };
}
