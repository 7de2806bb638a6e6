import { useState } from 'react';
import { Button, Card, Col, Result, Row, Space } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ElipDetail } from '@cr/contract/elip.contract';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { isMissing } from '../../../lib/api-errors';
import { errorText } from '../../../lib/api-messages';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { useLoad } from '../../../lib/use-load';
import { elipApi } from '../api/elip-api';
import { ElipActions } from '../components/elip-actions';
import { ElipBody, ElipReviews, ElipVotes } from '../components/elip-detail-view';
import { ElipForm, type ElipFormValues } from '../components/elip-form';
import { ElipStatusTag } from '../components/elip-status-tag';
import '../elips.css';
import { useFeedback } from '../../../lib/use-feedback';

function useElipsCrumb() {
  const { t } = useTranslation('elips');
  return { title: t('title'), to: paths.elips() };
}

/** Loading, missing (404: also a draft you may not read) and error states of one ELIP. */
function useElip(id: string) {
  const { data, loading, error, reload } = useLoad((signal) => elipApi.get(id, signal), id);
  const [changed, setChanged] = useState<ElipDetail | null>(null);
  const elip = changed && (String(changed.number) === id || changed._id === id) ? changed : data;
  return { elip, loading, error, reload: () => (setChanged(null), reload()), setChanged };
}

function LoadFailure({ error, reload }: { error: unknown; reload: () => void }) {
  const { t } = useTranslation('elips');
  const crumb = useElipsCrumb();
  const missing = isMissing(error);
  const title = missing ? t('notFound') : errorText(t, error);
  return (
    <>
      <PageHeader title={title} breadcrumbs={[crumb]} />
      <Result
        status={missing ? '404' : 'error'}
        extra={
          <Space>
            {!missing && <Button onClick={reload}>{t('retry')}</Button>}
            <Link to={paths.elips()}>
              <Button type="primary">{t('backToList')}</Button>
            </Link>
          </Space>
        }
      />
    </>
  );
}

/** /elips/:id — the ELIP, its preamble and sections, what the viewer may do, the reviews and the council votes. */
export function ElipDetailPage() {
  const { t } = useTranslation('elips');
  const { id = '' } = useParams();
  const { elip, loading, error, reload, setChanged } = useElip(id);
  const crumb = useElipsCrumb();
  if (loading && !elip) return <PageLoading shape="detail" />;
  if (error || !elip) return <LoadFailure error={error} reload={reload} />;
  const title = t('detailTitle', { number: elip.number });
  return (
    <>
      <PageHeader
        title={`${title}: ${elip.title}`}
        breadcrumbs={[crumb, { title }]}
        subtitle={
          <Space wrap>
            <ElipStatusTag status={elip.status} />
            <span>{t(`types.${elip.type}`)}</span>
            <span>{elip.author.name}</span>
            <span>
              {t('updated')}: {formatDate(elip.updatedAt)}
            </span>
          </Space>
        }
        extra={<ElipActions elip={elip} onChange={setChanged} reload={reload} />}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <ElipBody elip={elip} />
        </Col>
        <Col xs={24} lg={8}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <ElipReviews elip={elip} />
            <ElipVotes elip={elip} />
          </Space>
        </Col>
      </Row>
    </>
  );
}

const toForm = (e: ElipDetail): ElipFormValues => ({
  title: e.title,
  type: e.type,
  language: e.language,
  discussionsTo: e.discussionsTo,
  requires: e.requires,
  replaces: e.replaces,
  supersededBy: e.supersededBy,
  abstract: e.abstract,
  motivation: e.motivation,
  specification: e.specification,
  rationale: e.rationale,
  backwardCompatibility: e.backwardCompatibility,
  referenceImplementation: e.referenceImplementation,
  copyright: e.copyright,
});

/** /elips/new — any signed-in member writes an ELIP: a personal draft, or submitted for review. */
export function ElipCreatePage() {
  const { t } = useTranslation('elips');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const title = t('newTitle');
  return (
    <>
      <PageHeader title={title} breadcrumbs={[useElipsCrumb(), { title }]} />
      <Card className="cr-card">
        <ElipForm
          saveText={t('form.saveDraft')}
          canSubmit
          onCancel={() => void navigate(paths.elips())}
          onSave={async (values, submit) => {
            const e = await elipApi.create({ ...values, submit });
            void message.success(t(submit ? 'success.submitted' : 'success.created'));
            void navigate(paths.elip(e.number));
          }}
        />
      </Card>
    </>
  );
}

/** /elips/:id/edit — the author edits (personal draft, rejected, draft); a rejected one may be resubmitted. */
export function ElipEditPage() {
  const { t } = useTranslation('elips');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { elip, loading, error, reload } = useElip(id);
  const crumb = useElipsCrumb();
  if (loading && !elip) return <PageLoading shape="detail" />;
  if (error || !elip) return <LoadFailure error={error} reload={reload} />;
  const title = t('editTitle', { number: elip.number });
  if (!elip.can.edit)
    return (
      <>
        <PageHeader title={title} breadcrumbs={[crumb, { title }]} />
        <Result status="403" title={t('messages.elip.wrong_status')} />
      </>
    );
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[
          crumb,
          { title: t('detailTitle', { number: elip.number }), to: paths.elip(elip.number) },
          { title },
        ]}
      />
      <Card className="cr-card">
        <ElipForm
          key={elip._id}
          initial={toForm(elip)}
          saveText={t('form.saveChanges')}
          canSubmit={elip.status === 'PERSONAL_DRAFT' || elip.status === 'REJECTED'}
          onCancel={() => void navigate(paths.elip(elip.number))}
          onSave={async (values, submit) => {
            const e = await elipApi.edit(elip._id, { ...values, submit });
            void message.success(t(submit ? 'success.submitted' : 'success.updated'));
            void navigate(paths.elip(e.number));
          }}
        />
      </Card>
    </>
  );
}
