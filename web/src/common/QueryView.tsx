import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { messageOf } from './errors.js';

/** A failed request's message, announced; nothing when there is no failure. */
export function Failure({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return (
    <p className="error" role="alert">
      {messageOf(error)}
    </p>
  );
}

/** What a list read shows: its error, "Loading…" until the first answer, then `children` of the data. */
export function QueryView<T>({
  query,
  loading = 'Loading…',
  children,
}: {
  query: UseQueryResult<T>;
  loading?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <Failure error={query.error} />;
  if (query.data === undefined)
    return (
      <p className="spinner" role="status">
        {loading}
      </p>
    );
  return <>{children(query.data)}</>;
}
