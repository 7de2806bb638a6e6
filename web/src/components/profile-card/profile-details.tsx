import type { ReactNode } from 'react';
import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SOCIAL_KEYS, type OwnProfile, type PublicMember } from '@cr/contract/profile.contract';
import { countryName } from '../../lib/countries';
import { formatDate, localTime } from '../../lib/dates';
import { PROFILE_CARD_NS } from './profile-card-i18n';
import { ProfileHero } from './profile-hero';
import { SignedStatement } from './signed-statement';
import { SocialLinks } from './social-links';
import { personName } from '@cr/contract/person-name';

type Row = { key: string; label: string; children: ReactNode; span?: 'filled' };

/** "First Last" ("姓名" for Chinese names), or the username when no name is given. */
export function displayName(p: Pick<PublicMember, 'firstName' | 'lastName' | 'username'>): string {
  return personName(p);
}

/**
 * A member's profile card: hero (banner, avatar, name, role, motto) and their details. `own` is the member's
 * own view (GET /api/user/profile): private fields too, and every blank field says "not set" so they see what
 * to fill in; the DID and the signed statement are in the DID card there. The public view
 * (GET /api/member/:id) leaves blanks out and shows the DID and the signed statement.
 */
export function ProfileDetails(
  props: { view: 'own'; profile: OwnProfile } | { view: 'public'; profile: PublicMember },
) {
  const { t, i18n } = useTranslation(PROFILE_CARD_NS);
  const { t: tr } = useTranslation();
  const { profile } = props;
  const own = props.view === 'own' ? props.profile : null;
  const missing = <Typography.Text type="secondary">{t('notSet')}</Typography.Text>;
  const time = profile.timezone ? localTime(profile.timezone, i18n.language) : null;
  const role = tr(`profile.roles.${profile.role}`);

  /** A row; a blank value reads "not set" on the member's own view and is left out on the public one. */
  const rows: Row[] = [];
  const row = (key: string, value: ReactNode, filled = false, empty?: ReactNode) => {
    const blank = value === null || value === undefined || value === false || value === '';
    const children = blank ? (own ? missing : empty) : value;
    if (children === undefined) return;
    rows.push({ key, label: t(`fields.${key}`), children, ...(filled ? { span: 'filled' as const } : {}) });
  };

  if (own) {
    row('username', own.username);
    row('email', own.email);
    row('role', role);
    row('gender', own.gender && t(`genders.${own.gender}`));
  }
  row('country', profile.country && countryName(profile.country, i18n.language));
  row('timezone', profile.timezone && `${profile.timezone}${time ? ` (${t('localTime', { time })})` : ''}`);
  row('profession', profile.profession && t(`professions.${profile.profession}`));
  if (own) {
    row('defaultLanguage', own.defaultLanguage && t(`languages.${own.defaultLanguage}`));
    row(
      'walletAddress',
      own.walletAddress && (
        <Typography.Text copyable className="cr-profile-did">
          {own.walletAddress}
        </Typography.Text>
      ),
    );
  } else {
    row(
      'did',
      profile.did && (
        <Typography.Text copyable className="cr-profile-did">
          {profile.did}
        </Typography.Text>
      ),
      false,
      <Typography.Text type="secondary">{t('noDid')}</Typography.Text>,
    );
  }
  row('memberSince', formatDate(profile.createdAt));
  row(
    'skillsets',
    profile.skillsets.length > 0 && (
      <Space size={[4, 4]} wrap>
        {profile.skillsets.map((s) => (
          <Tag key={s}>{t(`skillsets.${s}`, { defaultValue: s })}</Tag>
        ))}
      </Space>
    ),
    true,
  );
  row(
    'bio',
    profile.bio && <span style={{ whiteSpace: 'pre-wrap' }}>{profile.bio}</span>,
    true,
    <Typography.Text type="secondary">{t('noBio')}</Typography.Text>,
  );
  row('social', SOCIAL_KEYS.some((k) => profile.social[k]) && <SocialLinks social={profile.social} />, true);
  if (!own && profile.didAttestation)
    row('statement', <SignedStatement attestation={profile.didAttestation} />, true);

  return (
    <Card className="cr-card" data-testid="profile-details">
      <ProfileHero
        banner={profile.banner}
        avatar={profile.avatar}
        avatarAlt={t('avatarAlt', { name: displayName(profile) })}
        name={displayName(profile)}
        motto={profile.motto}
        extra={
          <>
            {!own && <Typography.Text type="secondary">@{profile.username}</Typography.Text>}
            <Tag color="cyan">{role}</Tag>
          </>
        }
      />
      <Descriptions column={{ xs: 1, sm: 1, md: 2 }} items={rows} />
    </Card>
  );
}
