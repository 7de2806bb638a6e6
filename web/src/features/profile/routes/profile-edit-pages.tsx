import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { errorText } from '../../../lib/api-messages';
import { ProfileForm } from '../components/profile-form';
import { ProfileLayout } from '../components/profile-layout';
import { useOwnProfile } from '../lib/use-own-profile';
import '../profile.css';
import { paths } from '../../../lib/paths';

function EditPage({ full }: { full: boolean }) {
  const { t } = useTranslation('profile');
  const { profile, error, loading, reload } = useOwnProfile();
  const title = full ? t('editFullTitle') : t('editTitle');
  return (
    <>
      <PageHeader
        title={title}
        subtitle={full ? t('editFullLead') : t('editLead')}
        breadcrumbs={[
          { title: t('nav'), to: paths.profileInfo() },
          { title: t('title'), to: paths.profileInfo() },
          { title },
        ]}
      />
      <ProfileLayout>
        {loading && !profile && (
          <Card className="cr-card" role="status" aria-busy="true" aria-label={t('loading')}>
            <Skeleton active paragraph={{ rows: 8 }} />
          </Card>
        )}
        {!!error && !profile && (
          <Card className="cr-card">
            <Result
              status="warning"
              title={t('loadFailed')}
              subTitle={errorText(t, error)}
              extra={<Button onClick={() => void reload()}>{t('retry')}</Button>}
            />
          </Card>
        )}
        {profile && <ProfileForm profile={profile} full={full} />}
      </ProfileLayout>
    </>
  );
}

/** /profile/edit: name, country, pictures, motto, language (PUT /api/user/profile/basic). */
export function EditProfilePage() {
  return <EditPage full={false} />;
}

/** /profile/edit/full: the whole profile (PUT /api/user/profile/full). */
export function EditFullProfilePage() {
  return <EditPage full />;
}
