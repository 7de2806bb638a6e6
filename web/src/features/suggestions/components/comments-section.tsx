import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Form, Mentions, Popconfirm, Space, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { COMMENT_MAX_CHARS, editCommentSchema } from '@cr/contract/suggestion-comment.contract';
import { useAuth } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/dates';
import { rememberLoginRedirect } from '../../../lib/login-redirect';
import { suggestionApi, type SuggestionComment, type SuggestionDetail } from '../api/suggestion-api';
import { useErrorText } from '../model/error-text';
import { translateRule } from '../model/rule-messages';
import { authorName } from './status-tags';
import { useMentionOptions } from './use-mention-options';
import { MemberAvatar } from '../../../components/member-avatar';
import { paths } from '../../../lib/paths';
import { useFeedback } from '../../../lib/use-feedback';

/** A comment's text with its @mentions linked to the members' pages. */
function CommentBody({ c }: { c: SuggestionComment }) {
  const parts = c.body.split(/(@[A-Za-z0-9_][A-Za-z0-9_.-]*)/g);
  return (
    <div className="sg-comment__body">
      {parts.map((part, i) => {
        const name = part.startsWith('@') ? part.slice(1).replace(/[.-]+$/, '') : null;
        const who = name
          ? c.mentions.find((m) => m.username.toLowerCase() === name.toLowerCase())
          : undefined;
        if (who)
          return (
            <Link key={i} to={paths.member(who._id)} className="sg-mention">
              {part}
            </Link>
          );
        if (name === 'ALL')
          return (
            <strong key={i} className="sg-mention">
              {part}
            </strong>
          );
        return <span key={i}>{part}</span>;
      })}
    </div>
  );
}

/** Checks a comment with the server's own schema before sending (required, length, at most 10 mentions). */
function commentProblem(text: string): string | null {
  const checked = editCommentSchema.safeParse({ body: text });
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

function CommentBox({
  mentionNames,
  self,
  initial = '',
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus,
  testId,
}: {
  mentionNames: string[];
  /** The signed-in member's username (not offered as a mention). */
  self?: string;
  initial?: string;
  submitLabel: string;
  onSubmit(text: string): Promise<void>;
  onCancel?(): void;
  autoFocus?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('suggestions');
  const errorText = useErrorText();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mentions = useMentionOptions(mentionNames, self);
  const submit = async () => {
    const problem = commentProblem(text);
    if (problem) {
      setError(translateRule(problem, t));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(text.trim());
      setText('');
      setError(null);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form.Item
      validateStatus={error ? 'error' : undefined}
      help={
        error ? (
          <span role="alert" data-testid="comment-error">
            {error}
          </span>
        ) : undefined
      }
      className="sg-comment-box"
    >
      <Mentions
        value={text}
        onChange={(v) => {
          setText(v);
          if (error) setError(null);
        }}
        autoSize={{ minRows: 3, maxRows: 10 }}
        placeholder={t('comments.placeholder')}
        aria-label={t('comments.label')}
        {...mentions}
        autoFocus={autoFocus}
        data-testid={testId}
      />
      <div className="sg-comment-box__bar">
        <span className={text.length > COMMENT_MAX_CHARS ? 'sg-bad' : 'sg-muted'}>
          {text.length} / {COMMENT_MAX_CHARS}
        </span>
        <Space>
          {onCancel && <Button onClick={onCancel}>{t('actions.cancel')}</Button>}
          <Button type="primary" loading={busy} onClick={() => void submit()}>
            {submitLabel}
          </Button>
        </Space>
      </div>
    </Form.Item>
  );
}

/** Comments (threads one level deep): post with @mentions, reply, edit and delete your own. */
export function CommentsSection({
  s,
  onCountChange,
  refresh = 0,
}: {
  s: SuggestionDetail;
  onCountChange(n: number): void;
  /** Changes when someone else's comment arrives live: the list is read again, what is being typed stays. */
  refresh?: number;
}) {
  const { t } = useTranslation('suggestions');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { user, is_login, is_admin } = useAuth();
  const [comments, setComments] = useState<SuggestionComment[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const res = await suggestionApi.comments(s._id);
      setComments(res.list);
      onCountChange(res.list.filter((c) => !c.deleted).length);
    } catch (err) {
      setLoadError(err);
    }
  }, [s._id, onCountChange]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (refresh > 0) void load();
  }, [refresh, load]);

  const mentionNames = useMemo(() => {
    const names = new Set<string>([s.author.username]);
    for (const c of comments ?? []) if (!c.deleted) names.add(c.author.username);
    if (user) names.delete(user.username);
    return ['ALL', ...names];
  }, [comments, s.author.username, user]);

  const add = async (body: string, parentId?: string) => {
    const res = await suggestionApi.addComment(s._id, body, parentId);
    message.success(t('comments.posted'));
    if (res.mailFailed > 0) message.warning(t('comments.mailFailed', { count: res.mailFailed }));
    setReplyTo(null);
    await load();
  };
  const edit = async (id: string, body: string) => {
    await suggestionApi.editComment(s._id, id, body);
    message.success(t('comments.updated'));
    setEditing(null);
    await load();
  };
  const remove = async (id: string) => {
    try {
      await suggestionApi.deleteComment(s._id, id);
      message.success(t('comments.deleted'));
      await load();
    } catch (err) {
      message.error(errorText(err));
    }
  };

  const top = (comments ?? []).filter((c) => !c.parentId);
  const repliesOf = (id: string) => (comments ?? []).filter((c) => c.parentId === id);

  const renderComment = (c: SuggestionComment, depth: number) => {
    const mine = user?._id === c.author._id;
    return (
      <li key={c._id} className="sg-comment" data-testid="comment">
        <MemberAvatar size={32} src={c.author.avatar} />
        <div className="sg-comment__main">
          <div className="sg-comment__meta">
            <Link to={paths.member(c.author._id)}>{authorName(c.author)}</Link>
            <span className="sg-muted">{formatDateTime(c.createdAt)}</span>
            {c.updatedAt !== c.createdAt && !c.deleted && (
              <span className="sg-muted">({t('comments.edited')})</span>
            )}
          </div>
          {c.deleted ? (
            <div className="sg-muted">{t('comments.deletedText')}</div>
          ) : editing === c._id ? (
            <CommentBox
              mentionNames={mentionNames}
              self={user?.username}
              initial={c.body}
              submitLabel={t('actions.save')}
              onSubmit={(b) => edit(c._id, b)}
              onCancel={() => setEditing(null)}
              autoFocus
            />
          ) : (
            <CommentBody c={c} />
          )}
          {!c.deleted && editing !== c._id && is_login && (
            <Space size={0} className="sg-comment__actions">
              {depth === 0 && (
                <Button type="link" size="small" onClick={() => setReplyTo(replyTo === c._id ? null : c._id)}>
                  {t('comments.reply')}
                </Button>
              )}
              {mine && (
                <Button type="link" size="small" onClick={() => setEditing(c._id)}>
                  {t('actions.edit')}
                </Button>
              )}
              {(mine || is_admin) && (
                <Popconfirm
                  title={t('comments.deleteConfirm')}
                  okText={t('actions.delete')}
                  cancelText={t('actions.keep')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => void remove(c._id)}
                >
                  <Button type="link" size="small" danger>
                    {t('actions.delete')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          )}
          {replyTo === c._id && (
            <CommentBox
              mentionNames={mentionNames}
              self={user?.username}
              initial={`@${c.author.username} `}
              submitLabel={t('comments.reply')}
              onSubmit={(b) => add(b, c._id)}
              onCancel={() => setReplyTo(null)}
              autoFocus
            />
          )}
          {depth === 0 && repliesOf(c._id).length > 0 && (
            <ul className="sg-comments sg-comments--replies">
              {repliesOf(c._id).map((r) => renderComment(r, 1))}
            </ul>
          )}
        </div>
      </li>
    );
  };

  return (
    <section id="comments" className="sg-section" aria-labelledby="sg-comments-title">
      <Typography.Title level={2} id="sg-comments-title" className="sg-section__title">
        {t('comments.title')}
        {comments ? ` (${comments.filter((c) => !c.deleted).length})` : ''}
      </Typography.Title>
      {is_login ? (
        <CommentBox
          mentionNames={mentionNames}
          self={user?.username}
          submitLabel={t('comments.post')}
          onSubmit={(b) => add(b)}
          testId="comment-input"
        />
      ) : (
        <Typography.Paragraph>
          <Button
            onClick={() => {
              rememberLoginRedirect(paths.suggestion(s.number, { comments: true }));
              void navigate(paths.login());
            }}
          >
            {t('comments.loginToComment')}
          </Button>
        </Typography.Paragraph>
      )}
      {loadError ? (
        <Typography.Text type="danger">{errorText(loadError)}</Typography.Text>
      ) : comments && comments.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('comments.none')}</Typography.Paragraph>
      ) : (
        <ul className="sg-comments">{top.map((c) => renderComment(c, 0))}</ul>
      )}
    </section>
  );
}
