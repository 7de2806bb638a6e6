import { useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { changePasswordRequestSchema, type ChangePasswordRequest } from '@cr/contract/account.contract';
import { accountApi } from '../../../lib/account-api';
import { errorText, fieldErrors } from '../../../lib/api-messages';
import { passwordMatchRule, schemaRule } from '../../../lib/schema-rule';
import { paths } from '../../../lib/paths';
import { useFeedback } from '../../../lib/use-feedback';

/** Change password (POST /api/user/change-password); an account without one is sent to "Forgot password". */
export function ChangePasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const [form] = Form.useForm<ChangePasswordRequest>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const rule = schemaRule(changePasswordRequestSchema, t);

  const submit = async (values: ChangePasswordRequest) => {
    setBusy(true);
    setFailure(null);
    try {
      await accountApi.changePassword(changePasswordRequestSchema.parse(values));
      form.resetFields();
      void message.success(t('change.done'));
    } catch (err) {
      const fields = fieldErrors(t, err, { 'account.old_password_wrong': 'oldPassword' });
      if (fields.length) form.setFields(fields as never);
      else setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="cr-card" title={t('change.title')} data-testid="change-password">
      {!hasPassword ? (
        <Alert
          type="info"
          showIcon
          title={t('change.noPassword')}
          action={<Link to={paths.forgotPassword()}>{t('change.setPassword')}</Link>}
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          disabled={busy}
          style={{ maxWidth: 420 }}
        >
          <p className="cr-auth__lead">{t('change.lead')}</p>
          {failure && (
            <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
          )}
          <Form.Item
            name="oldPassword"
            label={t('change.oldPassword')}
            rules={[rule]}
            validateTrigger="onBlur"
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="password" label={t('change.password')} rules={[rule]} validateTrigger="onBlur">
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="passwordConfirm"
            label={t('change.passwordConfirm')}
            dependencies={['password']}
            rules={[rule, passwordMatchRule(t)]}
            validateTrigger="onBlur"
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('change.submit')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
