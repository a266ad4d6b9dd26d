/**
 * The three states every list or panel fed by a query has besides its data: loading (skeleton rows, named for
 * assistive technology), failed (the screen's message, the reason, and Retry, which refetches) and empty (the
 * screen's text). Only when there is data to show are the children called. A failed refetch while data is
 * shown leaves the data up; a screen that wants to say so shows a QueryErrorNotice above it.
 */
import type { ReactNode } from 'react';

/** What QueryState reads of a react-query result (useQuery or useInfiniteQuery). */
export interface QueryStateQuery<Data> {
  data: Data | undefined;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * The query's states with other data in place of its own (its rows narrowed by a search, or a part of its result).
 * The fields are read one by one, not spread: react-query re-renders only for the fields a screen reads.
 */
export function withQueryData<Data>(query: Omit<QueryStateQuery<unknown>, 'data'>, data: Data | undefined): QueryStateQuery<Data> {
  return { data, error: query.error, isPending: query.isPending, isFetching: query.isFetching, refetch: query.refetch };
}

export interface QueryStateProps<Data> {
  query: QueryStateQuery<Data>;
  /** The failure's message ("The prescriptions could not be loaded"); the reason follows it. */
  errorText: string;
  /** Whether the data counts as empty (then `emptyText` shows). */
  isEmpty?: (data: Data) => boolean;
  emptyText?: ReactNode;
  /** The loading skeleton's accessible name. */
  loadingLabel?: string;
  skeletonRows?: number;
  /** Height class of each skeleton row. */
  skeletonRowClassName?: string;
  /** Compact texts for small cards. */
  size?: 'sm' | 'md';
  /** Puts the loading, error and empty states in the caller's markup (a table row). */
  wrap?: (content: ReactNode) => ReactNode;
  children: (data: Data) => ReactNode;
}

export function QueryState<Data>({ wrap = (content) => content, children, ...props }: QueryStateProps<Data>) {
  const state = stateContent(props);
  return <>{state === null ? children(props.query.data as Data) : wrap(state)}</>;
}

/** The loading, error or empty state to show, or null when the data is to be shown. */
function stateContent<Data>({
  query,
  errorText,
  isEmpty,
  emptyText,
  loadingLabel = 'Loading',
  skeletonRows = 3,
  skeletonRowClassName = 'h-14',
  size = 'md',
}: Omit<QueryStateProps<Data>, 'wrap' | 'children'>): ReactNode {
  if (query.data === undefined && query.isPending && query.error === null) {
    return (
      <ul className="flex flex-col gap-2" aria-label={loadingLabel} aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, index) => (
          <li key={index} className={`skeleton w-full ${skeletonRowClassName}`} />
        ))}
      </ul>
    );
  }
  if (query.data === undefined) return <QueryErrorNotice query={query} errorText={errorText} size={size} />;
  if (isEmpty?.(query.data)) {
    return <p className={`py-6 text-center text-base-content/70 ${size === 'sm' ? 'text-sm' : ''}`}>{emptyText}</p>;
  }
  return null;
}

export interface QueryErrorNoticeProps {
  query: Pick<QueryStateQuery<unknown>, 'error' | 'isFetching' | 'refetch'>;
  errorText: string;
  size?: 'sm' | 'md';
}

/** A query's failure: the screen's message, the reason, and Retry (a refetch). Nothing while it has not failed. */
export function QueryErrorNotice({ query, errorText, size = 'md' }: QueryErrorNoticeProps) {
  if (query.error === null) return null;
  const reason = query.error.message;
  return (
    <div role="alert" className={`alert alert-error alert-soft ${size === 'sm' ? 'py-2 text-sm' : ''}`}>
      <span>
        {errorText}
        {reason ? `: ${reason}` : null}
      </span>
      <button type="button" className="btn btn-sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
        Retry
      </button>
    </div>
  );
}
