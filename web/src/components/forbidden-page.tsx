import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title';
import { paths } from '../lib/paths';

/** A signed-in member opened a page their role does not allow. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.forbidden'));
  return (
    <Result
      status="403"
      title={<h1 className="cr-result-title">{t('errors.forbidden')}</h1>}
      subTitle={t('errors.forbiddenHint')}
      extra={
        <Link to={paths.profileInfo()}>
          <Button type="primary">{t('nav.myProfile')}</Button>
        </Link>
      }
    />
  );
}
