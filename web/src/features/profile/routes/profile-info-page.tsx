import { Alert, Button, Card, Skeleton, Space } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SOCIAL_KEYS, type OwnProfile } from '@cr/contract/profile.contract';
import type { CurrentUser } from '@cr/contract/user.contract';
import { ProfileDetails } from '../../../components/profile-card/profile-details';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../lib/auth-store';
import { errorText } from '../../../lib/api-messages';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { ChangePasswordCard } from '../components/change-password-card';
import { DidCard } from '../components/did-card';
import { MailPreferencesCard } from '../components/mail-preferences-card';
import { ProfileLayout } from '../components/profile-layout';
import { useOwnProfile } from '../lib/use-own-profile';
import '../profile.css';
import { paths } from '../../../lib/paths';

/** What the signed-in member's session already tells, shown at once while the full profile loads. */
function fromCurrentUser(user: CurrentUser): OwnProfile {
  const empty = Object.fromEntries(SOCIAL_KEYS.map((k) => [k, null])) as OwnProfile['social'];
  return {
    _id: user._id,
    username: user.username,
    firstName: user.profile.firstName,
    lastName: user.profile.lastName,
    country: user.profile.country,
    timezone: null,
    avatar: user.profile.avatar,
    banner: null,
    bio: null,
    motto: null,
    profession: null,
    skillsets: [],
    social: empty,
    did: user.did?.id ?? null,
    didAttestation: null,
    role: user.role,
    createdAt: user.createdAt,
    email: user.email,
    gender: user.profile.gender,
    walletAddress: null,
    defaultLanguage: null,
    hasPassword: false,
  };
}

/** /profile/info: the member's own profile (GET /api/user/profile), DID binding and signing, e-mail preferences, calendar feed, password. */
export function ProfileInfoPage() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  const { profile, error, loading, reload } = useOwnProfile();
  if (!user) return null; // the route guard sends logged-out visitors to /login
  return (
    <>
      <PageHeader
        title={t('title')}
        breadcrumbs={[{ title: t('nav'), to: paths.profileInfo() }, { title: t('title') }]}
        extra={
          <Space wrap>
            <Link to={paths.profileEdit()}>
              <Button type="primary">{t('edit')}</Button>
            </Link>
            <Link to={paths.profileEditFull()}>
              <Button>{t('editFull')}</Button>
            </Link>
            <Link to={paths.member(user._id)}>
              <Button type="link">{t('viewPublic')}</Button>
            </Link>
          </Space>
        }
      />
      <ProfileLayout>
        {!!error && !profile && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title={t('loadFailed')}
            description={errorText(t, error)}
            action={<Button onClick={() => void reload()}>{t('retry')}</Button>}
          />
        )}
        {loading && !profile ? (
          <Card className="cr-card" role="status" aria-label={t('loading')} aria-busy="true">
            <Skeleton active avatar={{ size: 72 }} paragraph={{ rows: 6 }} />
          </Card>
        ) : (
          <ProfileDetails view="own" profile={profile ?? fromCurrentUser(user)} />
        )}
        <DidCard attestation={profile?.didAttestation ?? null} onChanged={() => void reload()} />
        <MailPreferencesCard />
        <CalendarFeedCard />
        {profile && <ChangePasswordCard hasPassword={profile.hasPassword} />}
      </ProfileLayout>
    </>
  );
}
