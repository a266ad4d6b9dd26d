/** What every System Settings tab takes from the screen. */
import type { ReactNode } from 'react';

export interface SettingsTabProps {
  pharmacyId: string;
  /** Whether the tab's form holds changes not saved. */
  onDirtyChange: (dirty: boolean) => void;
  /** Other features' tools for the group (placed by the route), shown under the form. */
  actions?: ReactNode;
}
