import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { publicMemberSchema } from '@cr/contract/profile.contract';
import { ProfileDetails } from '../../../components/profile-card/profile-details';
import { PageHeader } from '../../../components/page-header';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';
import { paths } from '../../../lib/paths';
import { useLoad } from '../../../lib/use-load';
import { ProfileLayout } from '../components/profile-layout';

/**
 * /profile/public: the member's own profile exactly as others see it — the same public answer
 * (GET /api/member/:userId, never an e-mail or other private field) and the same view as /member/:userId.
 */
export function PublicProfilePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const id = user?._id ?? '';
  const { data, error, loading, reload } = useLoad(
    (signal) =>
      api.get(`/api/member/${encodeURIComponent(id)}`, undefined, { schema: publicMemberSchema, signal }),
    id,
  );
  const title = t('profile.publicProfile');
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ title: t('profile.nav'), to: paths.profileInfo() }, { title }]}
      />
      <ProfileLayout>
        <Alert
          type="info"
          showIcon
          className="cr-public-preview"
          title={t('profile.publicPreview')}
          action={
            id ? (
              <Link to={paths.member(id)}>
                <Button size="small">{t('profile.publicOpen')}</Button>
              </Link>
            ) : undefined
          }
          style={{ marginBottom: 16 }}
        />
        {loading && !data && (
          <Card className="cr-card" aria-busy="true">
            <Skeleton avatar active paragraph={{ rows: 5 }} />
          </Card>
        )}
        {!loading && !!error && (
          <Card className="cr-card">
            <Result
              status="warning"
              title={t('profile.publicLoadFailed')}
              extra={<Button onClick={reload}>{t('profile.retry')}</Button>}
            />
          </Card>
        )}
        {data && <ProfileDetails view="public" profile={data} />}
      </ProfileLayout>
    </>
  );
}
