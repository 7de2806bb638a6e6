import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Result, Skeleton } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { publicMemberSchema, type PublicMember } from '@cr/contract/profile.contract';
import { displayName, ProfileDetails } from '../../../components/profile-card/profile-details';
import { PageHeader } from '../../../components/page-header';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { FollowPanel } from '../../../components/social/follow-panel';
import '../../../components/social/social.css';
import { MemberActivityPanel } from '../components/member-activity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const name = member ? displayName(member) : null;
  return (
    <>
      <PageHeader
        title={name ?? t('title')}
        breadcrumbs={[{ title: t('title') }, ...(name ? [{ title: name }] : [])]}
      />
      {loading && (
        <Card className="cr-card" role="status" aria-busy="true" aria-label={t('loading')}>
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
              <Link to={paths.home()}>
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
      {member && <FollowPanel userId={userId} />}
      {member && <ProfileDetails view="public" profile={member} />}
      {member && <MemberActivityPanel userId={userId} />}
    </>
  );
}
