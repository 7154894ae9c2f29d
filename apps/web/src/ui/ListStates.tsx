import type { ReactNode } from 'react';
import { Button } from './Button';
import { Spinner } from './Spinner';

/** A list on its way: the spinner, and what is coming when there is room to say it. */
export function Loading({ text }: { text?: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-10 text-stone-600">
      <Spinner /> {text}
    </p>
  );
}

/** What failed, said as an alert, with a way to try again. */
export function LoadFailed({
  text,
  retry,
  onRetry,
}: {
  /** Left out where the spec shows no words, only the retry. */
  text?: string;
  retry: string;
  onRetry: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      {text && (
        <p role="alert" className="text-lg text-red-700">
          {text}
        </p>
      )}
      <Button variant="secondary" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}

/** Nothing to list, with an optional picture and a line on how that changes. */
export function Empty({ text, icon, hint }: { text: string; icon?: ReactNode; hint?: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      {icon}
      <p className="text-lg text-stone-700">{text}</p>
      {hint && <p className="text-stone-600">{hint}</p>}
    </div>
  );
}

/** The next page of an infinite query, when there is one. */
export function LoadMore({
  query,
  text,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  text: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      loading={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {text}
    </Button>
  );
}

interface ListStatesProps<T> {
  query: { data: T | undefined; isError: boolean; refetch: () => unknown };
  isEmpty: (data: T) => boolean;
  loading: string;
  failed?: string;
  retry: string;
  /** Shown for an empty list, usually an `Empty`. */
  empty: ReactNode;
  children: (data: T) => ReactNode;
}

/** A query's list, or the state that stands in for it: loading, failed with a retry, empty. */
export function ListStates<T>({
  query,
  isEmpty,
  loading,
  failed,
  retry,
  empty,
  children,
}: ListStatesProps<T>) {
  if (query.isError) {
    return <LoadFailed text={failed} retry={retry} onRetry={() => void query.refetch()} />;
  }
  if (query.data === undefined) return <Loading text={loading} />;
  return isEmpty(query.data) ? empty : children(query.data);
}
