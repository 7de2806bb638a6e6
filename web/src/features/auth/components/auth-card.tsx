import type { ReactNode } from 'react';
import { Card } from 'antd';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../auth.css';

/** The centred card of the sign-in pages: the page's h1, a lead paragraph and the form. */
export function AuthCard({
  title,
  lead,
  wide,
  children,
}: {
  title: string;
  lead?: ReactNode;
  /** Room for two-column forms (registration). */
  wide?: boolean;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className={`cr-auth${wide ? ' cr-auth--wide' : ''}`}>
      <Card className="cr-card">
        <h1>{title}</h1>
        {lead && <p className="cr-auth__lead">{lead}</p>}
        {children}
      </Card>
    </div>
  );
}
