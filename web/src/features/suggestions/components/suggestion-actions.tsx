import { useEffect, useState } from 'react';
import { Button, Input, Modal, Popconfirm, Space, Tooltip } from 'antd';
import {
  BellFilled,
  BellOutlined,
  DislikeFilled,
  DislikeOutlined,
  EditOutlined,
  EyeOutlined,
  FlagOutlined,
  HistoryOutlined,
  LikeFilled,
  LikeOutlined,
  MessageOutlined,
  QrcodeOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { WalletRequestDialog } from '../../../components/wallet-request/wallet-request-dialog';
import { useAuth } from '../../../lib/auth-store';
import { rememberLoginRedirect } from '../../../lib/login-redirect';
import { suggestionApi, type SuggestionDetail } from '../api/suggestion-api';
import { useErrorText } from '../model/error-text';
import { paths } from '../../../lib/paths';
import { useFeedback } from '../../../lib/use-feedback';

interface ActionProps {
  s: SuggestionDetail;
  /** The suggestion after an action changed it (or a partial change of its counters). */
  onChange(next: Partial<SuggestionDetail>): void;
  reload(): Promise<void>;
}

/** A signed-out visitor is sent to sign in and brought back here. */
function useLoginFirst(s: SuggestionDetail) {
  const navigate = useNavigate();
  return () => {
    rememberLoginRedirect(paths.suggestion(s.number));
    void navigate(paths.login());
  };
}

/** Likes, dislikes (mutually exclusive), comments, views, follow and abuse report. */
export function EngagementBar({ s, onChange }: ActionProps) {
  const { t } = useTranslation('suggestions');
  const { message } = useFeedback();
  const errorText = useErrorText();
  const { is_login } = useAuth();
  const loginFirst = useLoginFirst(s);
  const [busy, setBusy] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [reason, setReason] = useState('');

  const run = async (fn: () => Promise<void>) => {
    if (!is_login) return loginFirst();
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const react = (kind: 'like' | 'dislike') =>
    run(async () =>
      onChange(await (kind === 'like' ? suggestionApi.like(s._id) : suggestionApi.dislike(s._id))),
    );
  const follow = () =>
    run(async () => {
      const res = await suggestionApi.subscribe(s._id, !s.subscribed);
      onChange(res);
      message.success(t(res.subscribed ? 'actions.subscribed' : 'actions.unsubscribed'));
    });
  const report = () =>
    run(async () => {
      const res = await suggestionApi.reportAbuse(s._id, reason.trim());
      onChange({ abuseStatus: res.abuseStatus });
      setReportOpen(false);
      setReason('');
      message.success(t('actions.reported'));
    });

  return (
    <div className="sg-engagement" data-testid="engagement">
      <Space wrap size={4}>
        <Button
          type={s.myReaction === 'like' ? 'primary' : 'default'}
          ghost={s.myReaction === 'like'}
          icon={s.myReaction === 'like' ? <LikeFilled /> : <LikeOutlined />}
          aria-pressed={s.myReaction === 'like'}
          aria-label={t('actions.like', { count: s.likesNum })}
          disabled={busy}
          onClick={() => void react('like')}
          data-testid="like"
        >
          {s.likesNum}
        </Button>
        <Button
          icon={s.myReaction === 'dislike' ? <DislikeFilled /> : <DislikeOutlined />}
          aria-pressed={s.myReaction === 'dislike'}
          aria-label={t('actions.dislike', { count: s.dislikesNum })}
          disabled={busy}
          danger={s.myReaction === 'dislike'}
          onClick={() => void react('dislike')}
          data-testid="dislike"
        >
          {s.dislikesNum}
        </Button>
        <a
          href="#comments"
          className="ant-btn sg-linkbtn"
          aria-label={t('actions.commentsCount', { count: s.commentsNum })}
        >
          <MessageOutlined aria-hidden /> {s.commentsNum}
        </a>
        <span className="sg-muted sg-views" aria-label={t('actions.views', { count: s.viewsNum })}>
          <EyeOutlined /> {s.viewsNum}
        </span>
      </Space>
      <Space wrap size={4}>
        <Button
          icon={s.subscribed ? <BellFilled /> : <BellOutlined />}
          aria-pressed={s.subscribed}
          disabled={busy}
          onClick={() => void follow()}
          data-testid="subscribe"
        >
          {s.subscribed ? t('actions.unsubscribe') : t('actions.subscribe')}
        </Button>
        {!s.isAuthor && (
          <Button
            type="text"
            icon={<FlagOutlined />}
            disabled={s.abuseStatus === 'REPORTED'}
            onClick={() => (is_login ? setReportOpen(true) : loginFirst())}
          >
            {s.abuseStatus === 'REPORTED' ? t('actions.reportedShort') : t('actions.report')}
          </Button>
        )}
      </Space>
      <Modal
        open={reportOpen}
        title={t('actions.reportTitle')}
        okText={t('actions.report')}
        cancelText={t('actions.cancel')}
        okButtonProps={{ danger: true, loading: busy }}
        onOk={() => void report()}
        onCancel={() => setReportOpen(false)}
      >
        <p>{t('actions.reportText')}</p>
        <Input.TextArea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={1000}
          showCount
          rows={3}
          aria-label={t('actions.reportReason')}
          placeholder={t('actions.reportReason')}
        />
      </Modal>
    </div>
  );
}

/** The author's, the council's and the admin's actions on this suggestion. */
export function RoleActions({ s, onChange, reload, autoSign }: ActionProps & { autoSign: boolean }) {
  const { t } = useTranslation('suggestions');
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { user, is_council, is_admin } = useAuth();
  const [signing, setSigning] = useState(false);
  const [prompt, setPrompt] = useState(false);
  const [infoOpen, setInfoOpen] = useState(false);
  const [infoText, setInfoText] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (autoSign && s.canSign) setPrompt(true);
  }, [autoSign, s.canSign]);

  const act = async (name: string, fn: () => Promise<Partial<SuggestionDetail>>, done: string) => {
    setBusy(name);
    try {
      onChange(await fn());
      message.success(t(done));
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const startSigning = () => {
    setPrompt(false);
    if (!user?.did) {
      modal.confirm({
        title: t('errors.user.did_required'),
        content: t('sign.didFirstText'),
        okText: t('actions.associateDid'),
        cancelText: t('actions.cancel'),
        onOk: () => void navigate(paths.profileInfo()),
      });
      return;
    }
    setSigning(true);
  };

  const active = s.status === 'ACTIVE';
  const referred = s.displayStatus === 'referred';
  const considered = s.tags.some((x) => x.type === 'UNDER_CONSIDERATION');

  return (
    <div className="sg-role-actions" data-testid="role-actions">
      <Space wrap>
        {s.canSign && (
          <Button type="primary" icon={<QrcodeOutlined />} onClick={startSigning} data-testid="sign">
            {t('sign.button')}
          </Button>
        )}
        {s.canEdit && (
          <Link to={paths.suggestionEdit(s.number)}>
            <Button icon={<EditOutlined />} data-testid="edit">
              {t('actions.edit')}
            </Button>
          </Link>
        )}
        {s.isAuthor && s.signed && (
          <Tooltip title={t('editRefused.signed')}>
            <Button icon={<EditOutlined />} disabled data-testid="edit-disabled">
              {t('actions.edit')}
            </Button>
          </Tooltip>
        )}
        <Link to={paths.suggestionHistory(s.number)}>
          <Button icon={<HistoryOutlined />} data-testid="history">
            {t('actions.history')}
          </Button>
        </Link>
        {is_council && s.signed && active && !referred && !considered && (
          <Popconfirm
            title={t('council.considerConfirm')}
            okText={t('council.consider')}
            cancelText={t('actions.cancel')}
            onConfirm={() =>
              void act(
                'consider',
                async () => {
                  const res = await suggestionApi.markUnderConsideration(s._id);
                  if (res.mailFailed) message.warning(t('council.mailFailed'));
                  return res.suggestion;
                },
                'council.considered',
              )
            }
          >
            <Button loading={busy === 'consider'}>{t('council.consider')}</Button>
          </Popconfirm>
        )}
        {is_council && active && !referred && (
          <Button onClick={() => setInfoOpen(true)}>{t('council.requestInfo')}</Button>
        )}
        {(s.isAuthor || is_admin) && (s.status === 'ACTIVE' || s.status === 'ARCHIVED') && (
          <Popconfirm
            title={t(s.status === 'ARCHIVED' ? 'actions.unarchiveConfirm' : 'actions.archiveConfirm')}
            okText={t(s.status === 'ARCHIVED' ? 'actions.unarchive' : 'actions.archive')}
            cancelText={t('actions.cancel')}
            onConfirm={() =>
              void act(
                'archive',
                () =>
                  s.status === 'ARCHIVED' ? suggestionApi.unarchive(s._id) : suggestionApi.archive(s._id),
                s.status === 'ARCHIVED' ? 'actions.unarchived' : 'actions.archived',
              )
            }
          >
            <Button loading={busy === 'archive'}>
              {t(s.status === 'ARCHIVED' ? 'actions.unarchive' : 'actions.archive')}
            </Button>
          </Popconfirm>
        )}
        {s.isAuthor && active && !referred && (
          <Popconfirm
            title={t('actions.cancelConfirm')}
            description={t('actions.cancelConfirmText')}
            okText={t('actions.cancelSuggestion')}
            cancelText={t('actions.keep')}
            okButtonProps={{ danger: true }}
            onConfirm={() => void act('cancel', () => suggestionApi.cancel(s._id), 'actions.cancelled')}
          >
            <Button danger loading={busy === 'cancel'}>
              {t('actions.cancelSuggestion')}
            </Button>
          </Popconfirm>
        )}
      </Space>

      <Modal
        open={prompt}
        title={t('sign.promptTitle')}
        okText={t('sign.now')}
        cancelText={t('sign.later')}
        onOk={startSigning}
        onCancel={() => setPrompt(false)}
      >
        <p>{t('sign.promptText')}</p>
        <p>
          <strong>{t('sign.promptNote')}</strong>
        </p>
      </Modal>
      <WalletRequestDialog
        open={signing}
        request={{ action: 'sign-suggestion', params: { suggestionId: s._id } }}
        title={t('sign.dialogTitle', { number: s.number })}
        description={t('sign.dialogText')}
        onSigned={() => {
          setSigning(false);
          message.success(t('sign.done'));
          void reload();
        }}
        onClose={() => setSigning(false)}
      />
      <Modal
        open={infoOpen}
        title={t('council.requestInfo')}
        okText={t('council.send')}
        cancelText={t('actions.cancel')}
        okButtonProps={{ loading: busy === 'info', disabled: infoText.trim() === '' }}
        onOk={() =>
          void act(
            'info',
            async () => {
              const res = await suggestionApi.requestMoreInfo(s._id, infoText.trim());
              setInfoOpen(false);
              setInfoText('');
              return res.suggestion;
            },
            'council.infoRequested',
          )
        }
        onCancel={() => setInfoOpen(false)}
      >
        <p>{t('council.requestInfoText')}</p>
        <Input.TextArea
          value={infoText}
          onChange={(e) => setInfoText(e.target.value)}
          rows={4}
          maxLength={2048}
          showCount
          aria-label={t('council.requestInfo')}
        />
      </Modal>
    </div>
  );
}
