import { Alert, Card, DatePicker, Form, Input, Radio, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  anniversaryEventSchema,
  anniversaryRegistrationSchema,
  anniversaryVideoSchema,
  empower35FormSchema,
  organizerFormSchema,
  trainingFormSchema,
} from '@cr/contract/submission.contract';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { errorText } from '../../../lib/api-messages';
import { useLoad } from '../../../lib/use-load';
import { submissionApi } from '../api/submission-api';
import { ApplicantFields, ContactFields, DescriptionField } from '../components/applicant-fields';
import { CampaignForm } from '../components/campaign-form';
import { CommunityPicker } from '../components/community-picker';
import '../campaigns.css';

function CampaignPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ title }]} subtitle={intro} />
      <Card className="cr-card cr-campaign">{children}</Card>
    </>
  );
}

/** The program switches (training postponed, Empower35 suspended), with loading and error states. */
function usePrograms() {
  return useLoad((signal) => submissionApi.programs(signal), 'programs');
}

/** /organizer/apply: apply to organize a community; an admin approves, which makes the applicant its organizer. */
export function OrganizerApplyPage() {
  const { t } = useTranslation('campaigns');
  return (
    <CampaignPage title={t('organizer.title')} intro={t('organizer.intro')}>
      <CampaignForm
        campaign="COMMUNITY_ORGANIZER"
        schema={organizerFormSchema}
        loginText={t('messages.submission.login_organizer')}
        successText={t('organizer.sent')}
        testId="organizer-form"
      >
        {(rule) => (
          <>
            <ApplicantFields rule={rule} />
            <Form.Item name="communityId" label={t('fields.community')} rules={[rule]} required>
              <CommunityPicker />
            </Form.Item>
            <DescriptionField rule={rule} label={t('organizer.plan')} />
          </>
        )}
      </CampaignForm>
    </CampaignPage>
  );
}

function TrainingForm() {
  const { t } = useTranslation('campaigns');
  const programs = usePrograms();
  if (programs.loading) return <PageLoading shape="detail" />;
  if (programs.error || !programs.data)
    return <Alert type="error" showIcon title={errorText(t, programs.error)} />;
  return (
    <CampaignForm
      campaign="AMBASSADOR_TRAINING"
      schema={trainingFormSchema}
      closedNotice={programs.data.trainingPostponed ? t('messages.submission.training_postponed') : null}
      loginText={t('messages.submission.login_apply')}
      successText={t('training.sent')}
      testId="training-form"
    >
      {(rule) => (
        <>
          <ApplicantFields rule={rule} />
          <Form.Item name="community" label={t('fields.communityName')} rules={[rule]} required>
            <Input maxLength={200} />
          </Form.Item>
          <DescriptionField rule={rule} label={t('training.why')} />
        </>
      )}
    </CampaignForm>
  );
}

/** /form/training1: the ambassador training application (refused while the training is postponed). */
export function TrainingFormPage() {
  const { t } = useTranslation('campaigns');
  return (
    <CampaignPage title={t('training.title')} intro={t('training.intro')}>
      <TrainingForm />
    </CampaignPage>
  );
}

/** /ambassadors/apply: the same training application under the ambassadors program. */
export function AmbassadorApplyPage() {
  const { t } = useTranslation('campaigns');
  return (
    <CampaignPage title={t('ambassadors.title')} intro={t('training.intro')}>
      <TrainingForm />
    </CampaignPage>
  );
}

/** /anniversary: registration, video and event forms of the anniversary campaign. */
export function AnniversaryPage() {
  const { t } = useTranslation('campaigns');
  const login = t('messages.submission.login_apply');
  return (
    <CampaignPage title={t('anniversary.title')} intro={t('anniversary.intro')}>
      <Tabs
        items={[
          {
            key: 'registration',
            label: t('anniversary.registration'),
            children: (
              <CampaignForm
                campaign="ANNIVERSARY_REGISTRATION"
                schema={anniversaryRegistrationSchema}
                loginText={login}
                successText={t('anniversary.sent')}
                testId="anniversary-registration"
              >
                {(rule) => (
                  <>
                    <ContactFields rule={rule} />
                    <Form.Item name="country" label={t('fields.country')} rules={[rule]} required>
                      <Input maxLength={80} />
                    </Form.Item>
                    <Form.Item name="attendance" label={t('fields.attendance')} rules={[rule]} required>
                      <Radio.Group
                        options={['IN_PERSON', 'ONLINE'].map((v) => ({
                          value: v,
                          label: t(`attendance.${v}`),
                        }))}
                      />
                    </Form.Item>
                    <DescriptionField rule={rule} label={t('fields.notes')} />
                  </>
                )}
              </CampaignForm>
            ),
          },
          {
            key: 'video',
            label: t('anniversary.video'),
            children: (
              <CampaignForm
                campaign="ANNIVERSARY_VIDEO"
                schema={anniversaryVideoSchema}
                loginText={login}
                successText={t('anniversary.sent')}
                testId="anniversary-video"
              >
                {(rule) => (
                  <>
                    <ContactFields rule={rule} />
                    <Form.Item name="title" label={t('fields.title')} rules={[rule]} required>
                      <Input maxLength={200} />
                    </Form.Item>
                    <Form.Item name="videoUrl" label={t('fields.videoUrl')} rules={[rule]} required>
                      <Input type="url" placeholder="https://" />
                    </Form.Item>
                    <DescriptionField rule={rule} />
                  </>
                )}
              </CampaignForm>
            ),
          },
          {
            key: 'events',
            label: t('anniversary.events'),
            children: (
              <CampaignForm
                campaign="ANNIVERSARY_EVENTS"
                schema={anniversaryEventSchema}
                loginText={login}
                successText={t('anniversary.sent')}
                testId="anniversary-events"
              >
                {(rule) => (
                  <>
                    <ContactFields rule={rule} />
                    <Form.Item name="title" label={t('fields.eventName')} rules={[rule]} required>
                      <Input maxLength={200} />
                    </Form.Item>
                    <Form.Item name="location" label={t('fields.location')} rules={[rule]} required>
                      <Input maxLength={200} />
                    </Form.Item>
                    <Form.Item
                      name="eventDate"
                      label={t('fields.eventDate')}
                      rules={[rule]}
                      required
                      getValueProps={() => ({})}
                      normalize={(v: { format?: (f: string) => string } | null) =>
                        v?.format?.('YYYY-MM-DD') ?? ''
                      }
                    >
                      <DatePicker format="MM/DD/YYYY" />
                    </Form.Item>
                    <DescriptionField rule={rule} required />
                  </>
                )}
              </CampaignForm>
            ),
          },
        ]}
      />
    </CampaignPage>
  );
}

/** /empower35/apply: the Empower35 application (refused while CRcles and Empower35 are suspended). */
export function Empower35Page() {
  const { t } = useTranslation('campaigns');
  const programs = usePrograms();
  return (
    <CampaignPage title={t('empower.title')} intro={t('empower.intro')}>
      {programs.loading ? (
        <PageLoading shape="detail" />
      ) : programs.error || !programs.data ? (
        <Alert type="error" showIcon title={errorText(t, programs.error)} />
      ) : (
        <CampaignForm
          campaign="EMPOWER_35"
          schema={empower35FormSchema}
          closedNotice={programs.data.empowerSuspended ? t('messages.submission.empower_suspended') : null}
          loginText={t('messages.submission.login_apply')}
          successText={t('empower.sent')}
          testId="empower-form"
        >
          {(rule) => (
            <>
              <ContactFields rule={rule} />
              <Form.Item name="crcle" label={t('fields.crcle')} rules={[rule]} required>
                <Input maxLength={100} />
              </Form.Item>
              <DescriptionField rule={rule} name="experience" label={t('fields.experience')} required />
              <Form.Item name="link" label={t('fields.link')} rules={[rule]}>
                <Input type="url" placeholder="https://" />
              </Form.Item>
            </>
          )}
        </CampaignForm>
      )}
    </CampaignPage>
  );
}
