import type { ReactNode } from 'react';
import { Card, Menu } from 'antd';
import { Link, useLocation } from 'react-router-dom';

export interface SectionNavGroup {
  title: string;
  items: Array<{ to: string; label: string }>;
}

/** A side navigation (profile area, admin area) beside the page; it stacks above the page on small screens. */
export function SectionLayout({
  label,
  groups,
  children,
}: {
  label: string;
  groups: SectionNavGroup[];
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <div className="cr-area">
      <nav aria-label={label}>
        <Card className="cr-card cr-area__nav">
          {groups.map((g) => (
            <div key={g.title}>
              <div className="cr-area__nav-title">{g.title}</div>
              <Menu
                mode="vertical"
                selectedKeys={[pathname]}
                items={g.items.map((i) => ({ key: i.to, label: <Link to={i.to}>{i.label}</Link> }))}
              />
            </div>
          ))}
        </Card>
      </nav>
      <div>{children}</div>
    </div>
  );
}
