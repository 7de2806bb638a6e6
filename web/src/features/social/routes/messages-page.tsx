import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Input, List, Badge, Skeleton, Typography, Alert } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  MESSAGE_MAX_LENGTH,
  sendMessageSchema,
  type ConversationList,
  type DirectMessage,
  type Thread,
} from '@cr/contract/social.contract';
import { EmptyState } from '../../../components/empty-state';
import { MemberAvatar } from '../../../components/member-avatar';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { socialApi } from '../../../components/social/social-api';
import { usePersonalRoom, useUnreadStore } from '../../../components/social/use-personal-room';
import { useSocialError } from '../../../components/social/use-social-error';
import '../../../components/social/social.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /profile/messages and /profile/messages/:userId: my conversations (unread counts) beside the open one. New
 * messages arrive live on my personal room; on a phone the list and the conversation are shown one at a time.
 */
export function MessagesPage() {
  const { t } = useTranslation('social');
  const { user } = useAuth();
  const { userId } = useParams();
  const other = userId && UUID.test(userId) ? userId : undefined;
  const [convos, setConvos] = useState<ConversationList | null>(null);
  const [thread, setThread] = useState<Thread | null>(null);
  const [loadingThread, setLoadingThread] = useState(false);

  const loadConvos = useCallback(() => {
    socialApi
      .conversations()
      .then(setConvos)
      .catch(() => setConvos({ list: [], unread: 0 }));
  }, []);

  const openThread = useCallback(async (id: string) => {
    const th = await socialApi.thread(id);
    setThread(th);
    const read = await socialApi.markRead(id);
    useUnreadStore.getState().set(read.unread);
    return th;
  }, []);

  useEffect(() => {
    loadConvos();
  }, [loadConvos]);
  useEffect(() => {
    setThread(null);
    if (!other) return;
    setLoadingThread(true);
    openThread(other)
      .then(loadConvos)
      .catch(() => setThread(null))
      .finally(() => setLoadingThread(false));
  }, [other, openThread, loadConvos]);

  const onMessage = useCallback(
    (m: DirectMessage) => {
      if (other && (m.senderId === other || m.recipientId === other)) {
        setThread((th) =>
          th && !th.list.some((x) => x._id === m._id) ? { ...th, list: [...th.list, m] } : th,
        );
        if (m.senderId === other)
          void socialApi.markRead(other).then((r) => useUnreadStore.getState().set(r.unread));
      }
      loadConvos();
    },
    [other, loadConvos],
  );
  usePersonalRoom(user?._id, onMessage);

  const loadOlder = async () => {
    if (!thread || !other) return;
    const older = await socialApi.thread(other, thread.list[0]?.createdAt);
    setThread({ ...thread, list: [...older.list, ...thread.list], hasMore: older.hasMore });
  };

  return (
    <>
      <PageHeader title={t('title')} breadcrumbs={[{ title: t('title') }]} />
      <div className={`cr-messages ${other ? 'cr-messages--open' : ''}`}>
        <Card className="cr-card cr-messages__list" title={t('conversations')}>
          {!convos && <Skeleton active avatar paragraph={{ rows: 2 }} />}
          {convos && convos.list.length === 0 && <EmptyState description={t('empty')} />}
          {convos && convos.list.length > 0 && (
            <List
              dataSource={convos.list}
              renderItem={(c) => (
                <List.Item
                  className={c.with._id === other ? 'cr-messages__item--active' : undefined}
                  data-testid={`conversation-${c.with._id}`}
                >
                  <Link to={paths.messagesWith(c.with._id)} className="cr-messages__link">
                    <List.Item.Meta
                      avatar={<MemberAvatar size={36} src={c.with.avatar} />}
                      title={
                        <span>
                          {c.with.name}{' '}
                          <Badge count={c.unread} size="small" data-testid="conversation-unread" />
                        </span>
                      }
                      description={<Typography.Text ellipsis>{c.last.content}</Typography.Text>}
                    />
                  </Link>
                </List.Item>
              )}
            />
          )}
        </Card>
        <Card className="cr-card cr-messages__thread">
          {!other && <EmptyState description={t('pick')} />}
          {other && (loadingThread || !thread) && <Skeleton active paragraph={{ rows: 6 }} />}
          {other && thread && !loadingThread && (
            <ThreadView thread={thread} me={user?._id ?? ''} onOlder={loadOlder} onSent={onMessage} />
          )}
        </Card>
      </div>
    </>
  );
}

function ThreadView({
  thread,
  me,
  onOlder,
  onSent,
}: {
  thread: Thread;
  me: string;
  onOlder: () => Promise<void>;
  onSent: (m: DirectMessage) => void;
}) {
  const { t } = useTranslation('social');
  const showError = useSocialError();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const count = thread.list.length;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  const send = async () => {
    const parsed = sendMessageSchema.safeParse({ content: text });
    if (!parsed.success) {
      setError(
        parsed.error.issues[0]?.message.includes('2000')
          ? t('error.social.message_too_long')
          : t('error.social.message_required'),
      );
      return;
    }
    setError(null);
    setSending(true);
    try {
      onSent(await socialApi.send(thread.with._id, parsed.data.content));
      setText('');
    } catch (err) {
      showError(err);
    } finally {
      setSending(false);
    }
  };
  const blocked = thread.blockedMe || thread.iBlocked;
  return (
    <div className="cr-thread">
      <div className="cr-thread__head">
        <Link to={paths.messages()} className="cr-thread__back">
          ← {t('back')}
        </Link>
        <Link to={paths.member(thread.with._id)}>
          <MemberAvatar size={28} src={thread.with.avatar} /> <strong>{thread.with.name}</strong>
        </Link>
      </div>
      <div className="cr-thread__body" data-testid="thread">
        {thread.hasMore && (
          <Button size="small" onClick={() => void onOlder()}>
            {t('older')}
          </Button>
        )}
        {count === 0 && <Typography.Text type="secondary">{t('noMessages')}</Typography.Text>}
        {thread.list.map((m) => (
          <div
            key={m._id}
            className={`cr-bubble ${m.senderId === me ? 'cr-bubble--mine' : ''}`}
            data-testid="message"
          >
            <div className="cr-bubble__text">{m.content}</div>
            <div className="cr-bubble__time">{formatDateTime(m.createdAt)}</div>
          </div>
        ))}
        <div ref={end} />
      </div>
      {blocked ? (
        <Alert
          type="info"
          showIcon
          message={thread.blockedMe ? t('error.social.blocked') : t('error.social.you_blocked')}
        />
      ) : (
        <div className="cr-thread__compose">
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={MESSAGE_MAX_LENGTH}
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={t('placeholder')}
            aria-label={t('placeholder')}
            data-testid="message-input"
            status={error ? 'error' : undefined}
            onPressEnter={(e) => {
              if (!e.shiftKey) {
                e.preventDefault();
                void send();
              }
            }}
          />
          {error && <Typography.Text type="danger">{error}</Typography.Text>}
          <Button type="primary" loading={sending} onClick={() => void send()} data-testid="send-message">
            {t('send')}
          </Button>
        </div>
      )}
    </div>
  );
}
