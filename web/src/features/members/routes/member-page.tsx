import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Descriptions, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { publicMemberSchema, type PublicMember } from '@cr/api/contract/profile.contract';
import { ProfileHero } from '../../../components/profile-card/profile-hero';
import { SOCIAL_KEYS, SocialLinks } from '../../../components/profile-card/social-links';
import { PageHeader } from '../../../components/page-header';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-errors';
import { countryName } from '../../../lib/countries';
import { formatDate, localTime } from '../../../lib/dates';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function MemberDetails({ member }: { member: PublicMember }) {
  const { t, i18n } = useTranslation('members');
  const { t: tp } = useTranslation('profile');
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ') || member.username;
  const time = member.timezone ? localTime(member.timezone, i18n.language) : null;
  const socials = SOCIAL_KEYS.some((k) => member.social[k]);
  return (
    <Card className="cr-card">
      <ProfileHero
        banner={member.banner}
        avatar={member.avatar}
        avatarAlt={t('avatarAlt', { name })}
        name={name}
        motto={member.motto}
        extra={
          <>
            <Typography.Text type="secondary">@{member.username}</Typography.Text>
            <Tag color="cyan">{tp(`roles.${member.role}`)}</Tag>
          </>
        }
      />
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          ...(member.country
            ? [{ key: 'country', label: t('country'), children: countryName(member.country, i18n.language) }]
            : []),
          ...(member.timezone
            ? [
                {
                  key: 'tz',
                  label: t('timezone'),
                  children: `${member.timezone}${time ? ` (${t('localTime', { time })})` : ''}`,
                },
              ]
            : []),
          ...(member.profession
            ? [
                {
                  key: 'profession',
                  label: t('profession'),
                  children: tp(`professions.${member.profession}`),
                },
              ]
            : []),
          {
            key: 'did',
            label: t('did'),
            children: member.did ? (
              <Typography.Text copyable className="cr-profile-did">
                {member.did}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('noDid')}</Typography.Text>
            ),
          },
          ...(member.skillsets.length
            ? [
                {
                  key: 'skills',
                  label: t('skills'),
                  span: 'filled' as const,
                  children: (
                    <Space size={[4, 4]} wrap>
                      {member.skillsets.map((s) => (
                        <Tag key={s}>{tp(`skillsets.${s}`, { defaultValue: s })}</Tag>
                      ))}
                    </Space>
                  ),
                },
              ]
            : []),
          {
            key: 'bio',
            label: t('bio'),
            span: 'filled' as const,
            children: member.bio ? (
              <span style={{ whiteSpace: 'pre-wrap' }}>{member.bio}</span>
            ) : (
              <Typography.Text type="secondary">{t('noBio')}</Typography.Text>
            ),
          },
          ...(socials
            ? [
                {
                  key: 'links',
                  label: t('links'),
                  span: 'filled' as const,
                  children: <SocialLinks social={member.social} label={(k) => tp(`social.${k}`)} />,
                },
              ]
            : []),
        ]}
      />
      <Typography.Text type="secondary">
        {t('memberSince', { date: formatDate(member.createdAt) })}
      </Typography.Text>
    </Card>
  );
}

/** /member/:userId: a member's public page (GET /api/member/:userId: never an e-mail or other private field). */
export function MemberPage() {
  const { t } = useTranslation('members');
  const { userId = '' } = useParams();
  const [member, setMember] = useState<PublicMember | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    setMember(null);
    try {
      if (!UUID.test(userId)) throw new ApiError(404, 'user.not_found', 'User not found');
      setMember(
        await api.get(`/api/member/${encodeURIComponent(userId)}`, undefined, { schema: publicMemberSchema }),
      );
    } catch (err) {
      setError(err);
    } finally {
      setLoading(false);
    }
  }, [userId]);

  useEffect(() => {
    void load();
  }, [load]);

  const notFound = error instanceof ApiError && (error.status === 404 || error.type === 'user.not_found');
  const name = member
    ? [member.firstName, member.lastName].filter(Boolean).join(' ') || member.username
    : null;
  return (
    <>
      <PageHeader
        title={name ?? t('title')}
        breadcrumbs={[{ title: t('title') }, ...(name ? [{ title: name }] : [])]}
      />
      {loading && (
        <Card className="cr-card" aria-busy="true" aria-label={t('loading')}>
          <Skeleton avatar active paragraph={{ rows: 5 }} />
        </Card>
      )}
      {!loading && notFound && (
        <Card className="cr-card">
          <Result
            status="404"
            title={t('notFound')}
            subTitle={t('notFoundText')}
            extra={
              <Link to="/">
                <Button type="primary">{t('home')}</Button>
              </Link>
            }
          />
        </Card>
      )}
      {!loading && !!error && !notFound && (
        <Card className="cr-card">
          <Result
            status="warning"
            title={t('loadFailed')}
            extra={<Button onClick={() => void load()}>{t('retry')}</Button>}
          />
        </Card>
      )}
      {member && <MemberDetails member={member} />}
    </>
  );
}
