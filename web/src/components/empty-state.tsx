import type { ReactNode } from 'react';
import { Empty } from 'antd';

/** A section with nothing to show yet (antd Empty), with an optional action below. */
export function EmptyState({ description, children }: { description: ReactNode; children?: ReactNode }) {
  return (
    <div className="cr-empty">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
        {children}
      </Empty>
    </div>
  );
}
