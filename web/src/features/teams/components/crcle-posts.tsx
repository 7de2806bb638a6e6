import { useState } from 'react';
import { Button, Card, Input, List, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamDetail } from '@cr/contract/team.contract';
import { EmptyState } from '../../../components/empty-state';
import { MemberAvatar } from '../../../components/member-avatar';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { formatDateTime } from '../../../lib/dates';
import { useLoad } from '../../../lib/use-load';
import { teamApi } from '../api/team-api';
import { useFeedback } from '../../../lib/use-feedback';

/** A CRcle's posts: everyone reads; members (status NORMAL) write. */
export function CrclePosts({ team }: { team: TeamDetail }) {
  const { t } = useTranslation('teams');
  const { message } = useFeedback();
  const { data, loading, error, reload } = useLoad((signal) => teamApi.posts(team._id, signal), team._id);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [posted, setPosted] = useState<typeof data>(null);
  const list = (posted ?? data)?.list ?? [];
  const canPost = team.myMembership?.status === 'NORMAL';

  const submit = async () => {
    setBusy(true);
    try {
      setPosted(await teamApi.post(team._id, text));
      setText('');
      void message.success(t('posts.posted'));
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="cr-card" title={t('posts.title')} data-testid="crcle-posts">
      {canPost ? (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }}>
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('posts.placeholder')}
            aria-label={t('posts.placeholder')}
            autoSize={{ minRows: 2 }}
            maxLength={2000}
          />
          <Button type="primary" loading={busy} disabled={!text.trim()} onClick={() => void submit()}>
            {t('posts.submit')}
          </Button>
        </Space>
      ) : (
        <p className="cr-muted">{t('posts.membersOnly')}</p>
      )}
      {loading ? (
        <PageLoading shape="list" />
      ) : error ? (
        <Button onClick={reload}>{t('retry')}</Button>
      ) : list.length === 0 ? (
        <EmptyState description={t('posts.empty')} />
      ) : (
        <List
          dataSource={list}
          renderItem={(p) => (
            <List.Item>
              <List.Item.Meta
                avatar={<MemberAvatar src={p.author.avatar} size={32} />}
                title={
                  <Space wrap>
                    <span>{p.author.name}</span>
                    <span className="cr-muted">{formatDateTime(p.createdAt)}</span>
                  </Space>
                }
                description={<span className="cr-team-post">{p.content}</span>}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
