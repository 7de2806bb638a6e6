import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/brand-logo';
import { ExternalLink } from '../../components/external-link';
import { EXTERNAL_LINKS } from '../../lib/external-links';
import { paths } from '../../lib/paths';

/** Footer: about, resources, community (with the forum login) and the privacy/terms links. */
export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="cr-footer">
      <div className="cr-container cr-footer__grid">
        <div className="cr-footer__about">
          <div className="cr-footer__brand">
            <BrandMark size={30} />
            <span>{t('app.name')}</span>
          </div>
          <p>{t('footer.about')}</p>
        </div>
        <nav aria-labelledby="footer-resources">
          <h2 id="footer-resources">{t('footer.resources')}</h2>
          <ul>
            <li>
              <Link to={paths.whitepaper()}>{t('nav.whitepaper')}</Link>
            </li>
            <li>
              <Link to={paths.funding()}>{t('nav.funding')}</Link>
            </li>
            <li>
              <Link to={paths.treasury()}>{t('nav.treasury')}</Link>
            </li>
            <li>
              <Link to={paths.verify()}>{t('nav.verify')}</Link>
            </li>
            <li>
              <Link to={paths.gettingStarted()}>{t('gettingStarted.title')}</Link>
            </li>
            <li>
              <Link to={paths.whatsNew()}>{t('nav.whatsNew')}</Link>
            </li>
            <li>
              <ExternalLink href={EXTERNAL_LINKS.docs}>{t('nav.docs')}</ExternalLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-community">
          <h2 id="footer-community">{t('footer.community')}</h2>
          <ul>
            <li>
              <Link to={paths.ssoLogin()}>{t('footer.forumLogin')}</Link>
            </li>
            <li>
              <ExternalLink href={EXTERNAL_LINKS.forum}>{t('nav.forum')}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={EXTERNAL_LINKS.blog}>{t('nav.blog')}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={EXTERNAL_LINKS.github}>{t('footer.github')}</ExternalLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t('footer.legal')}</h2>
          <ul>
            <li>
              <Link to={paths.terms()}>{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to={paths.privacy()}>{t('footer.privacy')}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="cr-container">
        <div className="cr-footer__bottom">{t('footer.copyright', { year: new Date().getFullYear() })}</div>
      </div>
    </footer>
  );
}
