import { useEffect, useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Result,
  Segmented,
  Skeleton,
  Space,
  Tabs,
} from 'antd';
import { DeleteOutlined, QrcodeOutlined, SaveOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ProposalDetail, ProposalDraftInput } from '@cr/contract/proposal.contract';
import { PageHeader } from '../../../components/page-header';
import { WalletRequestDialog } from '../../../components/wallet-request/wallet-request-dialog';
import { useAuth } from '../../../lib/auth-store';
import { proposalApi } from '../api/proposal-api';
import { WALLET_ACTIONS } from '../model/wallet-actions';
import { RichText } from '../components/proposal-content';
import { useProposalErrorText } from '../model/error-text';
import '../proposals.css';
import { paths } from '../../../lib/paths';
import { useFeedback } from '../../../lib/use-feedback';

/** The form: the draft's fields, with the suggestion it presents named by its number. */
type DraftForm = Omit<ProposalDraftInput, 'suggestionId'> & { suggestionNumber: number | null };

const TEXT_FIELDS = [
  'abstract',
  'motivation',
  'goal',
  'content',
  'plan',
  'relevance',
  'budgetStatement',
] as const;
const LIMITS: Record<(typeof TEXT_FIELDS)[number], number> = {
  abstract: 4000,
  motivation: 20_000,
  goal: 20_000,
  content: 100_000,
  plan: 20_000,
  relevance: 20_000,
  budgetStatement: 20_000,
};

function formValues(p: ProposalDetail): DraftForm {
  return {
    title: p.title,
    contentFormat: p.contentFormat,
    content: p.content ?? '',
    abstract: p.abstract ?? '',
    goal: p.goal ?? '',
    motivation: p.motivation ?? '',
    plan: p.plan?.statement ?? '',
    relevance: p.relevance.map((r) => r.detail).join('\n\n'),
    budgetStatement: p.budget?.statement ?? '',
    conflict: p.conflict,
    motionReference: p.motionReference ?? null,
    suggestionNumber: p.suggestion?.number ?? null,
  };
}

/** /proposals/:id/edit — a council member edits a DRAFT, previews it, publishes it on chain or deletes it. */
export function ProposalEditPage() {
  const { t } = useTranslation('proposals');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const { is_council } = useAuth();
  const errorText = useProposalErrorText();
  const [form] = Form.useForm<DraftForm>();
  const [p, setP] = useState<ProposalDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [dirty, setDirty] = useState(false);
  const format = Form.useWatch('contentFormat', form) ?? 'MARKDOWN';
  const values = Form.useWatch([], form);

  useEffect(() => {
    let alive = true;
    proposalApi
      .detail(id)
      .then((d) => {
        if (!alive) return;
        setP(d);
        form.setFieldsValue(formValues(d));
      })
      .catch((err: unknown) => alive && setError(err));
    return () => {
      alive = false;
    };
  }, [id, form]);

  const crumbs = [
    { title: t('list.title'), to: paths.proposals() },
    ...(p?.number ? [{ title: `#${p.number}`, to: paths.proposal(p.number) }] : []),
    { title: t('edit.title') },
  ];

  if (!is_council)
    return (
      <>
        <PageHeader title={t('edit.title')} breadcrumbs={crumbs} />
        <Card className="cr-card">
          <Result
            status="403"
            title={t('errors.proposal.council_only')}
            extra={<Link to={paths.proposals()}>{t('actions.backToList')}</Link>}
          />
        </Card>
      </>
    );
  if (error || (p && (p.status !== 'DRAFT' || !p.my.canEdit)))
    return (
      <>
        <PageHeader title={t('edit.title')} breadcrumbs={crumbs} />
        <Card className="cr-card">
          <Result
            status={error ? '404' : 'warning'}
            title={error ? errorText(error) : t('edit.notDraft')}
            extra={
              <Link to={p ? paths.proposal(p.number ?? p._id) : paths.proposals()}>
                {p ? t('edit.toDetail') : t('actions.backToList')}
              </Link>
            }
          />
        </Card>
      </>
    );
  if (!p)
    return (
      <>
        <PageHeader title={t('edit.title')} breadcrumbs={crumbs} />
        <Card className="cr-card">
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </>
    );

  const save = async (): Promise<boolean> => {
    try {
      const { suggestionNumber, ...v } = await form.validateFields();
      setBusy('save');
      const next = await proposalApi.updateDraft(p._id, {
        ...v,
        suggestionId: suggestionNumber ? String(suggestionNumber) : null,
        motionReference: v.motionReference || null,
      });
      form.setFieldsValue({ suggestionNumber: next.suggestion?.number ?? null });
      setP(next);
      setDirty(false);
      message.success(t('edit.saved'));
      return true;
    } catch (err) {
      if (!(err && typeof err === 'object' && 'errorFields' in err)) message.error(errorText(err));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    try {
      await proposalApi.deleteDraft(p._id);
      message.success(t('edit.deleted'));
      void navigate(paths.proposals());
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const field = (name: (typeof TEXT_FIELDS)[number], rows = 6) => (
    <Form.Item
      name={name}
      label={t(`edit.fields.${name}`)}
      rules={[{ max: LIMITS[name], message: t('errors.fields.tooLong') }]}
    >
      <Input.TextArea rows={rows} showCount maxLength={LIMITS[name]} />
    </Form.Item>
  );

  return (
    <>
      <PageHeader title={t('edit.title')} breadcrumbs={crumbs} subtitle={t('edit.subtitle')} />
      <Card className="cr-card">
        <Form
          form={form}
          layout="vertical"
          onValuesChange={() => setDirty(true)}
          requiredMark
          className="pr-edit"
        >
          <Form.Item
            name="title"
            label={t('edit.fields.title')}
            rules={[
              { required: true, whitespace: true, message: t('errors.fields.required') },
              { max: 200, message: t('errors.fields.tooLong') },
            ]}
          >
            <Input maxLength={200} showCount data-testid="draft-title" />
          </Form.Item>
          <Form.Item
            name="suggestionNumber"
            label={t('edit.fields.suggestion')}
            extra={
              p.suggestion ? (
                <Link to={paths.suggestion(p.suggestion.number)} data-testid="draft-suggestion">
                  #{p.suggestion.number} {p.suggestion.title}
                </Link>
              ) : (
                t('edit.fields.suggestionHint')
              )
            }
          >
            <InputNumber min={1} precision={0} prefix="#" data-testid="draft-suggestion-number" />
          </Form.Item>
          <Form.Item name="contentFormat" label={t('edit.fields.contentFormat')}>
            <Segmented
              options={[
                { value: 'MARKDOWN', label: 'Markdown' },
                { value: 'HTML', label: 'HTML' },
              ]}
            />
          </Form.Item>
          <Tabs
            items={[
              {
                key: 'write',
                label: t('edit.write'),
                forceRender: true,
                children: (
                  <>
                    {field('abstract', 4)}
                    {field('motivation')}
                    {field('goal')}
                    {field('content', 10)}
                    {field('plan')}
                    {field('relevance', 4)}
                    {field('budgetStatement', 4)}
                    <Space wrap size="large">
                      <Form.Item name="motionReference" label={t('edit.fields.motionReference')}>
                        <InputNumber min={1} precision={0} />
                      </Form.Item>
                      <Form.Item
                        name="conflict"
                        valuePropName="checked"
                        label={t('edit.fields.conflictLabel')}
                      >
                        <Checkbox>{t('edit.fields.conflict')}</Checkbox>
                      </Form.Item>
                    </Space>
                  </>
                ),
              },
              {
                key: 'preview',
                label: t('edit.preview'),
                children: (
                  <div className="pr-content">
                    <h2 className="pr-section-title">{values?.title}</h2>
                    {TEXT_FIELDS.map((f) =>
                      values?.[f] ? (
                        <section key={f} className="pr-content__section">
                          <h3 className="pr-section-title">{t(`edit.fields.${f}`)}</h3>
                          <RichText text={values[f]} format={format} />
                        </section>
                      ) : null,
                    )}
                  </div>
                ),
              },
            ]}
          />
          <div className="pr-edit__actions">
            <Space wrap>
              <Button
                type="primary"
                icon={<SaveOutlined />}
                loading={busy === 'save'}
                onClick={() => void save()}
                data-testid="draft-save"
              >
                {t('edit.save')}
              </Button>
              {p.my.canPublish && (
                <Popconfirm
                  title={t('edit.publishConfirm')}
                  description={t('edit.publishConfirmText')}
                  okText={t('edit.publish')}
                  cancelText={t('actions.cancel')}
                  onConfirm={async () => {
                    if (!dirty || (await save())) setPublishing(true);
                  }}
                >
                  <Button icon={<QrcodeOutlined />}>{t('edit.publish')}</Button>
                </Popconfirm>
              )}
              <Link to={paths.proposals()}>
                <Button>{t('actions.cancel')}</Button>
              </Link>
            </Space>
            <Popconfirm
              title={t('edit.deleteConfirm')}
              description={t('edit.deleteConfirmText')}
              okText={t('edit.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('actions.cancel')}
              onConfirm={() => void remove()}
            >
              <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'}>
                {t('edit.delete')}
              </Button>
            </Popconfirm>
          </div>
        </Form>
      </Card>
      <WalletRequestDialog
        open={publishing}
        request={{ action: WALLET_ACTIONS.makeProposal, params: { ref: p._id } }}
        title={t('edit.publishTitle')}
        description={t('edit.publishText')}
        onSigned={(state) => {
          setPublishing(false);
          message.success(t('edit.published'));
          const number = state.result?.number;
          void navigate(paths.proposal(typeof number === 'number' ? number : p._id));
        }}
        onClose={() => setPublishing(false)}
      />
    </>
  );
}
