import type { ReactNode } from 'react';
import { Button, Skeleton } from 'antd';
import { EmptyState } from '../empty-state';
import './list-view.css';

/**
 * A list's body in its four states: first load (skeleton), failed (the reason and a retry), empty (why, and
 * a way out of the filters when there is one) and the rows, dimmed while the next page loads.
 */
export function ListResults({
  loading,
  data,
  error,
  texts,
  onRetry,
  onClear,
  children,
}: {
  loading: boolean;
  /** The last answer (its rows stay on screen while the next one loads); null before the first. */
  data: { list: readonly unknown[] } | null;
  error: unknown;
  texts: { error: string; retry: string; empty: ReactNode; clear?: string };
  onRetry(): void;
  /** Given when filters are set: offers to clear them on an empty list. */
  onClear?: () => void;
  children: ReactNode;
}) {
  if (loading && !data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (error)
    return (
      <EmptyState description={texts.error}>
        <Button onClick={onRetry}>{texts.retry}</Button>
      </EmptyState>
    );
  if (data?.list.length === 0)
    return (
      <EmptyState description={texts.empty}>
        {onClear && <Button onClick={onClear}>{texts.clear}</Button>}
      </EmptyState>
    );
  return <div className={loading ? 'cr-list-rows cr-list-rows--loading' : 'cr-list-rows'}>{children}</div>;
}
