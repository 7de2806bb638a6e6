import type { HTMLAttributes, ReactNode } from 'react';

/**
 * A white card with an optional title bar, in plain HTML: antd's Card brings its tabs (and their select) along,
 * too heavy for the first page. Looks like `<Card className="cr-card">`.
 */
export function Panel({
  title,
  extra,
  children,
  className,
  ...rest
}: { title?: ReactNode; extra?: ReactNode; children: ReactNode } & Omit<
  HTMLAttributes<HTMLDivElement>,
  'title'
>) {
  return (
    <div className={className ? `cr-panel ${className}` : 'cr-panel'} {...rest}>
      {(title || extra) && (
        <div className="cr-panel__head">
          <div className="cr-panel__title">{title}</div>
          {extra && <div className="cr-panel__extra">{extra}</div>}
        </div>
      )}
      <div className="cr-panel__body">{children}</div>
    </div>
  );
}
