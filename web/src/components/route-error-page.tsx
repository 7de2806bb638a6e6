import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title';
import { paths } from '../lib/paths';

/** Last line of defence for an error the page boundaries did not catch (e.g. in the layout itself). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.somethingWrong'));
  return (
    <Result
      status="error"
      title={<h1 className="cr-result-title">{t('errors.somethingWrong')}</h1>}
      subTitle={t('errors.contactUs')}
      extra={
        <Button type="primary" onClick={() => window.location.assign(paths.home())}>
          {t('errors.backHome')}
        </Button>
      }
    />
  );
}
