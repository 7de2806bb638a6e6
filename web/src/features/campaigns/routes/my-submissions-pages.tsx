import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import { useLoad } from '../../../lib/use-load';
import { ProfileLayout } from '../../../components/profile-area-layout';
import { submissionApi } from '../api/submission-api';
import { IssueForm } from '../components/issue-form';
import { SubmissionListView } from '../components/submission-list';
import '../campaigns.css';

function MySubmissionsFrame({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation('campaigns');
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ title: t('translation:profile.nav'), to: paths.profileInfo() }, { title }]}
      />
      <ProfileLayout>{children}</ProfileLayout>
    </>
  );
}

/** /profile/issues: my issues with the admin's status and answer, and the form to file one. */
export function MyIssuesPage() {
  const { t } = useTranslation('campaigns');
  const [open, setOpen] = useState(false);
  const list = useLoad((signal) => submissionApi.mine('issues', signal), 'issues');
  return (
    <MySubmissionsFrame title={t('myIssues')}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card
          className="cr-card"
          title={t('newIssue')}
          extra={
            !open && (
              <Button type="primary" onClick={() => setOpen(true)} data-testid="issue-open">
                {t('reportIssue')}
              </Button>
            )
          }
        >
          {open ? (
            <IssueForm
              onDone={() => {
                setOpen(false);
                list.reload();
              }}
            />
          ) : (
            <p className="cr-submission__meta">{t('issueIntro')}</p>
          )}
        </Card>
        <Card className="cr-card" title={t('myIssues')} data-testid="my-issues">
          <SubmissionListView {...list} emptyText={t('noIssues')} />
        </Card>
      </Space>
    </MySubmissionsFrame>
  );
}

/** /profile/forms: the campaign forms I sent, with the admin's status and answer. */
export function MyFormsPage() {
  const { t } = useTranslation('campaigns');
  const list = useLoad((signal) => submissionApi.mine('forms', signal), 'forms');
  return (
    <MySubmissionsFrame title={t('myForms')}>
      <Card className="cr-card" data-testid="my-forms">
        <SubmissionListView {...list} emptyText={t('noForms')} />
        <Space wrap size={16} style={{ marginTop: 16 }}>
          <Link to={paths.organizerApply()}>{t('organizer.title')}</Link>
          <Link to={paths.trainingForm()}>{t('training.title')}</Link>
          <Link to={paths.anniversary()}>{t('anniversary.title')}</Link>
          <Link to={paths.empower35()}>{t('empower.title')}</Link>
        </Space>
      </Card>
    </MySubmissionsFrame>
  );
}
