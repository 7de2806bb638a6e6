import { Pagination } from 'antd';
import type { ReactNode } from 'react';
import './list-view.css';

/**
 * The pager under a list (hidden when the list is empty). A new page size starts again at page 1 (`onSize`);
 * a new page scrolls back to the top.
 */
export function ListPagination({
  page,
  size,
  sizes,
  total,
  onPage,
  onSize,
  showTotal,
}: {
  page: number;
  size: number;
  sizes: number[];
  total: number;
  onPage(page: number): void;
  onSize(size: number): void;
  showTotal?: (total: number) => ReactNode;
}) {
  if (total <= 0) return null;
  return (
    <Pagination
      className="cr-list-pagination"
      current={page}
      pageSize={size}
      total={total}
      showSizeChanger
      pageSizeOptions={sizes}
      onChange={(next, nextSize) => {
        if (nextSize !== size) onSize(nextSize);
        else {
          onPage(next);
          window.scrollTo({ top: 0 });
        }
      }}
      showTotal={showTotal}
    />
  );
}
