import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Popconfirm, Result, Space, Typography } from 'antd';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RuleIssue } from '@cr/contract/suggestion-budget.contract';
import { checkSuggestionContent } from '@cr/contract/suggestion-content.contract';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { BindDidDialog } from '../../../components/wallet-request/bind-did-dialog';
import { ApiError } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/dates';
import { useSuggestionsSuspended } from '../../../lib/site-settings-store';
import { suggestionApi, type SuggestionDetail } from '../api/suggestion-api';
import { SuggestionForm } from '../components/suggestion-form';
import { UnsavedChangesPrompt } from '../components/unsaved-changes-prompt';
import { useFormSession } from '../components/use-form-session';
import { useErrorText } from '../model/error-text';
import { emptyValues, valuesFromContent, type FormValues } from '../model/form-values';
import { localKey } from '../model/local-draft';
import '../suggestions.css';
import { paths } from '../../../lib/paths';
import { useFeedback } from '../../../lib/use-feedback';

/** The field refusals of a 400 validation answer, as form issues. */
function serverIssuesOf(err: unknown): RuleIssue[] {
  if (!(err instanceof ApiError) || err.type !== 'validation.failed') return [];
  return err.fields.map((f) => ({
    path: f.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    message: f.message,
  }));
}

interface Loaded {
  values: FormValues;
  /** Server draft id (create) or the suggestion (edit). */
  draftId?: string;
  draftSavedAt?: string;
  suggestion?: SuggestionDetail;
}

/** /suggestion/create (?draft=<id> resumes a saved draft). */
export function SuggestionCreatePage() {
  const { t } = useTranslation('suggestions');
  const [params] = useSearchParams();
  const draftId = params.get('draft') ?? undefined;
  const suspended = useSuggestionsSuspended();
  const errorText = useErrorText();
  const [loaded, setLoaded] = useState<Loaded | null>(draftId ? null : { values: emptyValues() });
  const [error, setError] = useState<unknown>(null);

  // The draft this page itself just created (its URL then names it): already on screen, not loaded again.
  const ownDraft = useRef<string | null>(null);
  useEffect(() => {
    if (!draftId || draftId === ownDraft.current) return;
    let live = true;
    suggestionApi
      .draft(draftId)
      .then(
        (d) =>
          live &&
          setLoaded({ values: valuesFromContent(d.content), draftId: d._id, draftSavedAt: d.updatedAt }),
      )
      .catch((err: unknown) => live && setError(err));
    return () => {
      live = false;
    };
  }, [draftId]);

  const crumbs = [{ title: t('list.title'), to: paths.suggestions() }, { title: t('form.createTitle') }];
  if (suspended)
    return (
      <>
        <PageHeader title={t('form.createTitle')} breadcrumbs={crumbs} />
        <Card className="cr-card">
          <Result
            status="warning"
            title={t('errors.suggestion.suspended')}
            extra={<Link to={paths.suggestions()}>{t('actions.backToList')}</Link>}
          />
        </Card>
      </>
    );
  if (error)
    return (
      <>
        <PageHeader title={t('form.createTitle')} breadcrumbs={crumbs} />
        <Card className="cr-card">
          <Result
            status="error"
            title={errorText(error)}
            extra={<Link to={paths.suggestionCreate()}>{t('form.startNew')}</Link>}
          />
        </Card>
      </>
    );
  if (!loaded) return <PageLoading />;
  return (
    <FormPage
      key={loaded.draftId ?? 'new'}
      onDraftCreated={(id) => (ownDraft.current = id)}
      mode="create"
      loaded={loaded}
      crumbs={crumbs}
      title={t('form.createTitle')}
    />
  );
}

/** /suggestion/:id/edit — only the author, only before signing; otherwise the page says why. */
export function SuggestionEditPage() {
  const { t } = useTranslation('suggestions');
  const { id = '' } = useParams();
  const errorText = useErrorText();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const suggestion = await suggestionApi.detail(id);
      const draft = suggestion.canEdit ? await suggestionApi.editDraft(suggestion._id) : null;
      if (!live) return;
      setLoaded({
        suggestion,
        values: valuesFromContent(draft?.content ?? suggestion.content),
        draftId: draft?._id,
        draftSavedAt: draft?.updatedAt,
      });
    })().catch((err: unknown) => live && setError(err));
    return () => {
      live = false;
    };
  }, [id]);

  const s = loaded?.suggestion;
  const title = t('form.editTitle', { number: s?.number ?? id });
  const crumbs = [
    { title: t('list.title'), to: paths.suggestions() },
    { title: t('detail.title', { number: s?.number ?? id }), to: paths.suggestion(s?.number ?? id) },
    { title: t('form.edit') },
  ];
  if (error)
    return (
      <>
        <PageHeader title={title} breadcrumbs={crumbs} />
        <Card className="cr-card">
          <Result
            status="error"
            title={errorText(error)}
            extra={<Link to={paths.suggestions()}>{t('actions.backToList')}</Link>}
          />
        </Card>
      </>
    );
  if (!loaded || !s) return <PageLoading />;
  if (!s.canEdit) return <EditRefused suggestion={s} title={title} crumbs={crumbs} />;
  return <FormPage key={s._id} mode="edit" loaded={loaded} crumbs={crumbs} title={title} />;
}

/** Why this suggestion cannot be edited, in words, with the way forward. */
function EditRefused({
  suggestion: s,
  title,
  crumbs,
}: {
  suggestion: SuggestionDetail;
  title: string;
  crumbs: { title: string; to?: string }[];
}) {
  const { t } = useTranslation('suggestions');
  const reason = !s.isAuthor ? 'notAuthor' : s.signed ? 'signed' : 'notActive';
  return (
    <>
      <PageHeader title={title} breadcrumbs={crumbs} />
      <Card className="cr-card">
        <Result
          status={reason === 'signed' ? 'info' : 'warning'}
          title={t(`editRefused.${reason}Title`)}
          subTitle={t(`editRefused.${reason}`, { status: t(`status.${s.status}`) })}
          extra={
            <Space wrap>
              <Link to={paths.suggestion(s.number)}>
                <Button type="primary">{t('editRefused.toDetail')}</Button>
              </Link>
              {reason === 'signed' && s.isAuthor && (
                <Link to={paths.suggestionCreate()}>
                  <Button>{t('editRefused.newSuggestion')}</Button>
                </Link>
              )}
            </Space>
          }
          data-testid="edit-refused"
        />
      </Card>
    </>
  );
}

function FormPage({
  mode,
  loaded,
  title,
  crumbs,
  onDraftCreated,
}: {
  onDraftCreated?(draftId: string): void;
  mode: 'create' | 'edit';
  loaded: Loaded;
  title: string;
  crumbs: { title: string; to?: string }[];
}) {
  const { t } = useTranslation('suggestions');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const { user } = useAuth();
  const errorText = useErrorText();
  const suggestion = loaded.suggestion;
  const [draftId, setDraftId] = useState(loaded.draftId);
  const key =
    mode === 'edit' ? localKey('edit', suggestion!._id) : localKey(draftId ? 'draft' : 'new', draftId);
  const session = useFormSession(key, loaded.values, mode === 'create' && !loaded.draftId);
  const [serverIssues, setServerIssues] = useState<RuleIssue[]>([]);
  const [submitCount, setSubmitCount] = useState(0);
  const [busy, setBusy] = useState<'draft' | 'post' | null>(null);
  const [draftSavedAt, setDraftSavedAt] = useState(loaded.draftSavedAt);
  // Signing needs a bound DID: the member is told before starting and binds it here with one scan.
  const [binding, setBinding] = useState(false);

  const saveDraft = async () => {
    setBusy('draft');
    try {
      const values = session.values;
      if (mode === 'edit') {
        const d = await suggestionApi.saveEditDraft(suggestion!._id, values);
        setDraftSavedAt(d.updatedAt);
        session.markSaved(values);
      } else if (draftId) {
        const d = await suggestionApi.updateDraft(draftId, values);
        setDraftSavedAt(d.updatedAt);
        session.markSaved(values);
      } else {
        const d = await suggestionApi.createDraft(values);
        setDraftId(d._id);
        onDraftCreated?.(d._id);
        setDraftSavedAt(d.updatedAt);
        session.markSaved(values, localKey('draft', d._id));
        setParams({ draft: d._id }, { replace: true });
      }
      message.success(t('form.draftSaved'));
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const post = async () => {
    setSubmitCount((n) => n + 1);
    setServerIssues([]);
    const issues = checkSuggestionContent(session.values);
    if (issues.length > 0) {
      message.error(t('form.fixErrors', { count: issues.length }));
      return;
    }
    setBusy('post');
    try {
      const values = session.values;
      const saved =
        mode === 'edit'
          ? await suggestionApi.update(suggestion!._id, values, suggestion!.version)
          : await suggestionApi.create(values, draftId);
      session.markSaved(values);
      session.allowLeave();
      message.success(t(mode === 'edit' ? 'form.updated' : 'form.created'));
      void navigate(paths.suggestion(saved.number, { new: mode === 'create' }));
    } catch (err) {
      const fields = serverIssuesOf(err);
      setServerIssues(fields);
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const discardDraft = async () => {
    if (!draftId) return;
    try {
      await suggestionApi.deleteDraft(draftId);
      session.markSaved(session.values);
      session.allowLeave();
      message.success(t('form.draftDiscarded'));
      void navigate(paths.mySuggestions());
    } catch (err) {
      message.error(errorText(err));
    }
  };

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={crumbs}
        subtitle={mode === 'create' ? t('form.createSubtitle') : undefined}
      />
      <UnsavedChangesPrompt blocker={session.blocker} />
      {!user?.did && (
        <Alert
          className="sg-page-alert"
          type="warning"
          showIcon
          data-testid="did-needed"
          title={t('form.didNeededTitle')}
          description={
            // The button under the words, so a narrow screen keeps the text its full width.
            <Space direction="vertical" size={8}>
              <span>{t('form.didNotice')}</span>
              <Button type="primary" onClick={() => setBinding(true)} data-testid="bind-did-now">
                {t('form.bindDidNow')}
              </Button>
            </Space>
          }
        />
      )}
      <BindDidDialog
        open={binding}
        title={t('form.bindDidTitle')}
        onBound={() => {
          setBinding(false);
          message.success(t('form.didBound'));
        }}
        onClose={() => setBinding(false)}
      />
      {mode === 'edit' && (
        <Alert
          className="sg-page-alert"
          type="info"
          showIcon
          title={t('form.editNotice', { version: suggestion!.version })}
        />
      )}
      {session.pendingLocal && (
        <Alert
          className="sg-page-alert"
          type="warning"
          showIcon
          data-testid="local-copy"
          title={t('form.localFound', { time: formatDateTime(session.pendingLocal.savedAt) })}
          action={
            <Space>
              <Button size="small" type="primary" onClick={session.restoreLocal}>
                {t('form.restore')}
              </Button>
              <Button size="small" onClick={session.discardLocal}>
                {t('form.discard')}
              </Button>
            </Space>
          }
        />
      )}
      <Card className="cr-card">
        <SuggestionForm
          values={session.values}
          onChange={session.setValues}
          serverIssues={serverIssues}
          submitCount={submitCount}
          actions={
            <>
              <div className="sg-save-state" aria-live="polite" data-testid="save-state">
                {session.dirty
                  ? session.localSavedAt
                    ? t('form.savedLocally', { time: formatDateTime(session.localSavedAt) })
                    : t('form.unsaved')
                  : draftSavedAt
                    ? t('form.draftSavedAt', { time: formatDateTime(draftSavedAt) })
                    : null}
              </div>
              <Space wrap className="sg-save-buttons">
                {mode === 'create' && draftId && (
                  <Popconfirm
                    title={t('form.discardDraftConfirm')}
                    okText={t('form.discardDraft')}
                    cancelText={t('actions.keep')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => void discardDraft()}
                  >
                    <Button danger>{t('form.discardDraft')}</Button>
                  </Popconfirm>
                )}
                <Button
                  onClick={() =>
                    void navigate(
                      mode === 'edit' ? paths.suggestion(suggestion!.number) : paths.suggestions(),
                    )
                  }
                >
                  {t('actions.cancel')}
                </Button>
                <Button
                  onClick={() => void saveDraft()}
                  loading={busy === 'draft'}
                  disabled={busy === 'post'}
                  data-testid="save-draft"
                >
                  {t('form.saveDraft')}
                </Button>
                <Button
                  type="primary"
                  onClick={() => void post()}
                  loading={busy === 'post'}
                  disabled={busy === 'draft'}
                  data-testid="save-post"
                >
                  {t(mode === 'edit' ? 'form.saveChanges' : 'form.savePost')}
                </Button>
              </Space>
              <Typography.Paragraph type="secondary" className="sg-save-help">
                {t(mode === 'edit' ? 'form.editHelp' : 'form.postHelp')}
              </Typography.Paragraph>
            </>
          }
        />
      </Card>
    </>
  );
}
