/**
 * For a screen that places another terminal's changes into its cached data itself (the queue edits its pages in
 * place instead of fetching them again; its queries say so with `meta.placesChangesOf`): `onChange` gets every
 * change of `table` the terminal's channel delivers (hooks/use-live-tables.ts), for as long as the screen is shown.
 */
import { useEffect, useRef } from 'react';
import { onTableChange, type LiveTableName, type TableChange } from '../lib/live-tables.ts';

export function useTableChanges(table: LiveTableName, onChange: (change: TableChange) => void): void {
  // The latest handler, without re-registering when the caller passes a new function.
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  });
  useEffect(() => onTableChange(table, (change) => handler.current(change)), [table]);
}
