import { useState, type ReactNode } from 'react';
import { Alert, Button, Form, Result } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Campaign, CampaignFormInput } from '@cr/contract/submission.contract';
import { errorText, fieldErrors } from '../../../lib/api-messages';
import { useAuth } from '../../../lib/auth-store';
import { paths } from '../../../lib/paths';
import { schemaRule } from '../../../lib/schema-rule';
import { submissionApi } from '../api/submission-api';
import { useFeedback } from '../../../lib/use-feedback';

/** A field's validation rule from the campaign's own request schema. */
export type FieldRule = ReturnType<typeof schemaRule>;

/**
 * One campaign form: checked with its request schema (the same one the api uses), sent as a submission, refusals
 * shown by field; signed-out readers see the login sentence instead, and a closed program its notice.
 */
export function CampaignForm({
  campaign,
  schema,
  closedNotice,
  loginText,
  successText,
  children,
  testId,
}: {
  campaign: Campaign;
  schema: z.ZodType;
  /** The program's notice when it is suspended or postponed (the form then refuses entries). */
  closedNotice?: string | null;
  loginText: string;
  successText: string;
  children: (rule: FieldRule) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('campaigns');
  const { message } = useFeedback();
  const { is_login } = useAuth();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const rule = schemaRule(schema, t, (v) => ({ ...v, campaign }));

  if (closedNotice)
    return <Alert type="warning" showIcon title={closedNotice} data-testid={`${testId}-closed`} />;
  if (!is_login)
    return (
      <Alert
        type="info"
        showIcon
        title={loginText}
        action={<Link to={paths.login()}>{t('login')}</Link>}
        data-testid={`${testId}-login`}
      />
    );
  if (sent)
    return (
      <Result
        status="success"
        title={successText}
        extra={[
          <Link key="forms" to={paths.myForms()}>
            {t('seeMyForms')}
          </Link>,
          <Button key="again" onClick={() => (form.resetFields(), setSent(false))}>
            {t('sendAnother')}
          </Button>,
        ]}
        data-testid={`${testId}-sent`}
      />
    );

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await submissionApi.submitForm({ ...values, campaign } as CampaignFormInput);
      void message.success(successText);
      setSent(true);
    } catch (err) {
      const fields = fieldErrors(t, err);
      if (fields.length > 0) form.setFields(fields as never);
      setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => void submit(v)}
      data-testid={testId}
      className="cr-campaign-form"
    >
      {children(rule)}
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: 16 }}
          data-testid={`${testId}-error`}
        />
      )}
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('submit')}
      </Button>
    </Form>
  );
}
