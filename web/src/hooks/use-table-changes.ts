/**
 * For a screen that places another terminal's changes into its cached data itself (the queue edits its pages in
 * place instead of fetching them again; its queries say so with `meta.placesChangesOf`): `onChange` gets every
 * change of `table` the terminal's channel delivers (hooks/use-live-tables.ts), for as long as the screen is shown.
 * Only meanwhile are those queries left out of the table's refreshes (placingChangesOf): once the screen is gone,
 * nothing places the changes, so its cached data is marked stale by them and fetched again when next shown.
 */
import { useEffect, useRef } from 'react';
import { onTableChange, type LiveTableName, type TableChange } from '../lib/live-tables.ts';
import { placingChangesOf } from '../lib/table-queries.ts';

export function useTableChanges(table: LiveTableName, onChange: (change: TableChange) => void): void {
  // The latest handler, without re-registering when the caller passes a new function.
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  });
  useEffect(() => {
    const stopPlacing = placingChangesOf(table);
    const stopListening = onTableChange(table, (change) => handler.current(change));
    return () => {
      stopListening();
      stopPlacing();
    };
  }, [table]);
}
