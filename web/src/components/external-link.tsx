import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A link to another site: opens in a new tab without giving that site a handle on this one. */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="cr-visually-hidden"> ({t('common.opensInNewTab')})</span>
    </a>
  );
}
