import type { ReactNode } from 'react';
import { Card } from 'antd';
import { EmptyState } from './empty-state';
import { PageHeader, type Crumb } from './page-header';

interface PageFrameProps {
  title: string;
  breadcrumbs?: Crumb[];
  subtitle?: ReactNode;
  extra?: ReactNode;
  /** Filters or tabs above the (empty) content. */
  toolbar?: ReactNode;
  /** What the empty content area says. */
  emptyText: ReactNode;
  children?: ReactNode;
}

/**
 * The frame of a page whose records arrive with a later feature: header, toolbar and an honest empty state.
 * It never shows placeholder records.
 */
export function PageFrame({
  title,
  breadcrumbs,
  subtitle,
  extra,
  toolbar,
  emptyText,
  children,
}: PageFrameProps) {
  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} subtitle={subtitle} extra={extra} />
      {children}
      <Card className="cr-card">
        {toolbar && <div className="cr-toolbar">{toolbar}</div>}
        <EmptyState description={emptyText} />
      </Card>
    </>
  );
}
