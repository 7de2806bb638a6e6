import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { loginRequestSchema, type LoginRequest } from '@cr/contract/account.contract';
import { accountApi } from '../../../lib/account-api';
import { errorText } from '../../../lib/api-messages';
import { schemaRule } from '../../../lib/schema-rule';
import { useCompleteSignIn } from '../lib/use-complete-sign-in';
import { usePendingDidStore } from '../../../lib/pending-did-store';
import { useFeedback } from '../../../lib/use-feedback';

/** Email or username and password (POST only; the password never goes in a URL). */
export function PasswordLoginForm({ remember }: { remember: boolean }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<LoginRequest>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const completeSignIn = useCompleteSignIn();
  const { message } = useFeedback();
  const rule = schemaRule(loginRequestSchema, t);

  const submit = async (values: LoginRequest) => {
    setBusy(true);
    setFailure(null);
    try {
      const login = loginRequestSchema.parse(values);
      const pending = usePendingDidStore.getState().pending;
      if (pending?.bindAfterLogin) {
        // The DID scanned a moment ago is bound in the same step: no second scan.
        const session = await accountApi.loginBindDid({
          ...login,
          requestId: pending.requestId,
          secret: pending.secret,
        });
        usePendingDidStore.getState().setPending(null);
        void message.success(t('login.didBound', { did: pending.did }));
        completeSignIn(session, { remember });
        return;
      }
      completeSignIn(await accountApi.login(login), { remember });
    } catch (err) {
      setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} role="alert" />}
      <Form.Item name="username" label={t('login.username')} rules={[rule]} validateTrigger="onBlur">
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={[rule]} validateTrigger="onBlur">
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
