import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title';
import { paths } from '../lib/paths';

/** Any path the router does not know: "404, not found" with ways back into the site. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.notFound'));
  return (
    <Result
      status="404"
      title={<h1 className="cr-result-title">{t('errors.notFound')}</h1>}
      subTitle={t('errors.notFoundHint')}
      extra={
        <div className="cr-result-actions">
          <Link to={paths.home()}>
            <Button type="primary">{t('errors.backHome')}</Button>
          </Link>
          <Link to={paths.proposals()}>
            <Button>{t('nav.proposals')}</Button>
          </Link>
          <Link to={paths.suggestions()}>
            <Button>{t('nav.suggestions')}</Button>
          </Link>
        </div>
      }
    />
  );
}
