import { Alert, Button, Card, Descriptions, Space, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { OwnProfile } from '@cr/api/contract/profile.contract';
import type { CurrentUser } from '@cr/api/contract/user.contract';
import { ProfileHero } from '../../../components/profile-card/profile-hero';
import { SOCIAL_KEYS, SocialLinks } from '../../../components/profile-card/social-links';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../lib/auth-store';
import { countryName } from '../../../lib/countries';
import { formatDate, localTime } from '../../../lib/dates';
import { errorText } from '../../../lib/api-messages';
import { ChangePasswordCard } from '../components/change-password-card';
import { DidCard } from '../components/did-card';
import { ProfileLayout } from '../components/profile-layout';
import { useOwnProfile } from '../lib/use-own-profile';
import '../profile.css';

function ProfileDetails({ profile }: { profile: OwnProfile }) {
  const { t, i18n } = useTranslation('profile');
  const missing = <Typography.Text type="secondary">{t('notSet')}</Typography.Text>;
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const time = profile.timezone ? localTime(profile.timezone, i18n.language) : null;
  return (
    <Card className="cr-card">
      <ProfileHero
        banner={profile.banner}
        avatar={profile.avatar}
        avatarAlt={t('upload.avatarAlt')}
        name={fullName || profile.username}
        motto={profile.motto}
        extra={<Tag color="cyan">{t(`roles.${profile.role}`)}</Tag>}
      />
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'username', label: t('fields.username'), children: profile.username },
          { key: 'email', label: t('fields.email'), children: profile.email ?? missing },
          { key: 'role', label: t('fields.role'), children: t(`roles.${profile.role}`) },
          {
            key: 'gender',
            label: t('fields.gender'),
            children: profile.gender ? t(`genders.${profile.gender}`) : missing,
          },
          {
            key: 'country',
            label: t('fields.country'),
            children: profile.country ? countryName(profile.country, i18n.language) : missing,
          },
          {
            key: 'timezone',
            label: t('fields.timezone'),
            children: profile.timezone
              ? `${profile.timezone}${time ? ` (${t('fields.localTime')} ${time})` : ''}`
              : missing,
          },
          {
            key: 'profession',
            label: t('fields.profession'),
            children: profile.profession ? t(`professions.${profile.profession}`) : missing,
          },
          {
            key: 'language',
            label: t('fields.defaultLanguage'),
            children: t(`languages.${profile.defaultLanguage}`),
          },
          {
            key: 'wallet',
            label: t('fields.walletAddress'),
            children: profile.walletAddress ? (
              <Typography.Text copyable className="cr-profile-did">
                {profile.walletAddress}
              </Typography.Text>
            ) : (
              missing
            ),
          },
          { key: 'since', label: t('fields.memberSince'), children: formatDate(profile.createdAt) },
          {
            key: 'skills',
            label: t('fields.skillsets'),
            span: 'filled',
            children: profile.skillsets.length ? (
              <Space size={[4, 4]} wrap>
                {profile.skillsets.map((s) => (
                  <Tag key={s}>{t(`skillsets.${s}`, { defaultValue: s })}</Tag>
                ))}
              </Space>
            ) : (
              missing
            ),
          },
          {
            key: 'bio',
            label: t('fields.bio'),
            span: 'filled',
            children: profile.bio ? <span style={{ whiteSpace: 'pre-wrap' }}>{profile.bio}</span> : missing,
          },
          {
            key: 'social',
            label: t('sections.social'),
            span: 'filled',
            children: SOCIAL_KEYS.some((k) => profile.social[k]) ? (
              <SocialLinks social={profile.social} label={(k) => t(`social.${k}`)} />
            ) : (
              missing
            ),
          },
        ]}
      />
    </Card>
  );
}

/** What the signed-in member's session already tells, shown at once while the full profile loads. */
function fromCurrentUser(user: CurrentUser): OwnProfile {
  const empty = {
    portfolio: null,
    github: null,
    linkedin: null,
    twitter: null,
    facebook: null,
    reddit: null,
    telegram: null,
    wechat: null,
  };
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
    role: user.role,
    createdAt: user.createdAt,
    email: user.email,
    gender: user.profile.gender,
    walletAddress: null,
    defaultLanguage: 'en',
    hasPassword: false,
  };
}

/** /profile/info: the member's own profile (GET /api/user/profile), DID binding and signing, password. */
export function ProfileInfoPage() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  const { profile, error, loading, reload } = useOwnProfile();
  if (!user) return null; // the route guard sends logged-out visitors to /login
  return (
    <>
      <PageHeader
        title={t('title')}
        breadcrumbs={[{ title: t('nav'), to: '/profile/info' }, { title: t('title') }]}
        extra={
          <Space wrap>
            <Link to="/profile/edit">
              <Button type="primary">{t('edit')}</Button>
            </Link>
            <Link to="/profile/edit/full">
              <Button>{t('editFull')}</Button>
            </Link>
            <Link to={`/member/${user._id}`}>
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
        <Spin spinning={loading && !profile} description={t('loading')}>
          <ProfileDetails profile={profile ?? fromCurrentUser(user)} />
        </Spin>
        <DidCard onChanged={() => void reload()} />
        {profile && <ChangePasswordCard hasPassword={profile.hasPassword} />}
      </ProfileLayout>
    </>
  );
}
