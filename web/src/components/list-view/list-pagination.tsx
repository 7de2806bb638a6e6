import { Pagination, type PaginationProps } from 'antd';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
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
  const location = useLocation();
  if (total <= 0) return null;
  /** The page's own address, so the pager is made of real links a crawler (or a new tab) can follow. */
  const hrefOf = (target: number) => {
    const query = new URLSearchParams(location.search);
    if (target > 1) query.set('page', String(target));
    else query.delete('page');
    const search = query.toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };
  // The pager changes the page itself (onChange); the link's own navigation is only for crawlers and new tabs.
  const itemRender: PaginationProps['itemRender'] = (target, type, element) =>
    type === 'page' || type === 'jump-prev' || type === 'jump-next' ? (
      <a
        href={hrefOf(target)}
        onClick={(e) => {
          if (!e.metaKey && !e.ctrlKey && !e.shiftKey && e.button === 0) e.preventDefault();
        }}
      >
        {type === 'page' ? target : (element as { props?: { children?: ReactNode } }).props?.children}
      </a>
    ) : (
      element
    );
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
      itemRender={itemRender}
    />
  );
}
