import { useState } from 'react';
import { Pagination, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMPAIGNS, SUBMISSION_STATUSES, type AdminSubmissionsQuery } from '@cr/contract/submission.contract';
import { errorText } from '../../../lib/api-messages';
import { useSiteSettingsStore } from '../../../lib/site-settings-store';
import { useLoad } from '../../../lib/use-load';
import { AdminPage } from '../../../components/admin-area-layout';
import { submissionApi } from '../api/submission-api';
import { SubmissionListView } from '../components/submission-list';
import '../campaigns.css';
import { useFeedback } from '../../../lib/use-feedback';

/** The program switches the campaign forms obey, for admins. */
function ProgramSwitches() {
  const { t } = useTranslation('campaigns');
  const { message } = useFeedback();
  const programs = useLoad((signal) => submissionApi.programs(signal), 'programs');
  const setSettings = useSiteSettingsStore((s) => s.setSettings);
  const flip = async (body: { trainingPostponed?: boolean; crclesSuspended?: boolean }) => {
    try {
      setSettings(await submissionApi.updateSettings(body));
      programs.reload();
    } catch (err) {
      void message.error(errorText(t, err));
    }
  };
  if (!programs.data) return null;
  return (
    <Space wrap size={16}>
      <label>
        <Switch
          checked={programs.data.trainingPostponed}
          onChange={(v) => void flip({ trainingPostponed: v })}
          data-testid="switch-training"
        />{' '}
        {t('trainingPostponedSwitch')}
      </label>
      <label>
        <Switch
          checked={programs.data.empowerSuspended}
          onChange={(v) => void flip({ crclesSuspended: v })}
          data-testid="switch-empower"
        />{' '}
        {t('empowerSuspendedSwitch')}
      </label>
    </Space>
  );
}

function AdminSubmissions({ kind }: { kind: 'issues' | 'forms' }) {
  const { t } = useTranslation('campaigns');
  const [query, setQuery] = useState<AdminSubmissionsQuery>({ kind, page: 1 });
  const list = useLoad((signal) => submissionApi.adminList(query, signal), JSON.stringify(query));
  return (
    <AdminPage
      title={t(kind === 'issues' ? 'translation:admin.issues' : 'translation:admin.forms')}
      toolbar={
        <>
          <Select
            aria-label={t('status')}
            placeholder={t('status')}
            allowClear
            value={query.status}
            onChange={(status) => setQuery({ ...query, status, page: 1 })}
            options={SUBMISSION_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
            style={{ width: 180 }}
          />
          {kind === 'forms' && (
            <Select
              aria-label={t('campaign')}
              placeholder={t('campaign')}
              allowClear
              value={query.campaign}
              onChange={(campaign) => setQuery({ ...query, campaign, page: 1 })}
              options={CAMPAIGNS.map((c) => ({ value: c, label: t(`campaignNames.${c}`) }))}
              style={{ width: 240, maxWidth: '100%' }}
            />
          )}
          {kind === 'forms' && <ProgramSwitches />}
        </>
      }
    >
      <SubmissionListView
        {...list}
        admin
        emptyText={t(kind === 'issues' ? 'noIssuesAdmin' : 'noFormsAdmin')}
      />
      {list.data && list.data.total > list.data.pageSize && (
        <Pagination
          style={{ marginTop: 16 }}
          current={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          showSizeChanger={false}
          onChange={(page) => setQuery({ ...query, page })}
        />
      )}
    </AdminPage>
  );
}

/** /admin/issues: every issue (security issues included), answered by status and note. */
export const AdminIssuesPage = () => <AdminSubmissions kind="issues" />;
/** /admin/forms: every campaign form; approving an organizer application makes them organizer. */
export const AdminFormsPage = () => <AdminSubmissions kind="forms" />;
