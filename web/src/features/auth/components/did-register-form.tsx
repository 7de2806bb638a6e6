import { useState } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerDidRequestSchema, type RegisterDidRequest } from '@cr/contract/account.contract';
import { accountApi } from '../../../lib/account-api';
import { errorText, fieldErrors, messageText } from '../../../lib/api-messages';
import type { PendingDid } from '../../../lib/pending-did-store';
import { usePendingDidStore } from '../../../lib/pending-did-store';
import { schemaRule } from '../../../lib/schema-rule';
import { useCompleteSignIn } from '../lib/use-complete-sign-in';
import { CountrySelect } from '../../../components/country-select';
import { paths } from '../../../lib/paths';

type Fields = Omit<RegisterDidRequest, 'requestId' | 'secret'>;

const FIELD_OF_TYPE: Record<string, string> = {
  'account.email_taken': 'email',
  'account.username_taken': 'username',
  'account.code_mismatch': 'code',
  'account.code_expired': 'code',
  'account.code_attempts_exceeded': 'code',
};

/** Request types after which the signed request cannot be used again: the member scans anew. */
const DEAD_REQUEST = new Set([
  'account.did_request_invalid',
  'account.did_request_expired',
  'account.did_request_used',
  'did.already_bound',
]);

function splitName(name: string | undefined): { firstName?: string; lastName?: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return {};
  if (parts.length === 1) return { firstName: parts[0] };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts[parts.length - 1] };
}

/**
 * Registration of a DID that signed a `login` request without an account (POST /api/user/register/did). The DID
 * is shown read-only: the server takes it from the signed request named by `requestId` + `secret`.
 */
export function DidRegisterForm({ pending, onRestart }: { pending: PendingDid; onRestart(): void }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ text: string; dead: boolean } | null>(null);
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const completeSignIn = useCompleteSignIn();
  const toRequest = (v: Record<string, unknown>) => ({
    ...v,
    requestId: pending.requestId,
    secret: pending.secret,
  });
  const rule = schemaRule(registerDidRequestSchema, t, toRequest);

  const sendCode = async () => {
    try {
      await form.validateFields(['email']);
    } catch {
      return;
    }
    const email = (form.getFieldValue('email') as string | undefined)?.trim();
    if (!email) return;
    setBusy(true);
    setFailure(null);
    try {
      const sent = await accountApi.sendRegisterCode({ email });
      setCodeSentTo(sent.email);
    } catch (err) {
      const fields = fieldErrors(t, err, FIELD_OF_TYPE);
      if (fields.length) form.setFields(fields as never);
      else setFailure({ text: errorText(t, err), dead: false });
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    setFailure(null);
    const parsed = registerDidRequestSchema.safeParse(toRequest(form.getFieldsValue(true)));
    if (!parsed.success) {
      setFailure({ text: messageText(t, parsed.error.issues[0]?.message ?? ''), dead: false });
      return;
    }
    setBusy(true);
    try {
      const session = await accountApi.registerDid(parsed.data);
      usePendingDidStore.getState().setPending(null);
      completeSignIn(session, {
        remember: false,
        welcome: t('register.welcome', { name: session.user.username }),
        to: paths.profileInfo(),
      });
    } catch (err) {
      const type = (err as { type?: string }).type ?? '';
      const fields = fieldErrors(t, err, FIELD_OF_TYPE);
      if (fields.length) form.setFields(fields as never);
      else setFailure({ text: errorText(t, err), dead: DEAD_REQUEST.has(type) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={busy}
      onFinish={submit}
      initialValues={splitName(pending.name)}
      data-testid="did-register"
    >
      <p className="cr-auth__lead">{t('register.didLead')}</p>
      {failure && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={failure.text}
          style={{ marginBottom: 16 }}
          action={
            failure.dead ? (
              <Button size="small" onClick={onRestart}>
                {t('login.tryAnother')}
              </Button>
            ) : undefined
          }
        />
      )}
      <Form.Item label={t('register.did')}>
        <Input
          value={pending.did}
          readOnly
          className="cr-auth__did"
          aria-readonly="true"
          data-testid="did-value"
        />
      </Form.Item>
      <Form.Item
        name="username"
        label={t('register.username')}
        extra={t('register.usernameHelp')}
        rules={[rule]}
        validateTrigger="onBlur"
      >
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <div className="cr-auth__row">
        <Form.Item name="firstName" label={t('register.firstName')} rules={[rule]} validateTrigger="onBlur">
          <Input autoComplete="given-name" />
        </Form.Item>
        <Form.Item name="lastName" label={t('register.lastName')} rules={[rule]} validateTrigger="onBlur">
          <Input autoComplete="family-name" />
        </Form.Item>
      </div>
      <Form.Item name="country" label={t('register.country')} rules={[rule]}>
        <CountrySelect placeholder={t('register.countryPlaceholder')} aria-label={t('register.country')} />
      </Form.Item>
      <Form.Item label={t('register.didEmailOptional')} extra={t('register.didEmailHelp')}>
        <Space.Compact block>
          <Form.Item name="email" noStyle rules={[rule]} validateTrigger="onBlur">
            <Input type="email" autoComplete="email" aria-label={t('register.didEmailOptional')} />
          </Form.Item>
          <Button onClick={sendCode} disabled={busy}>
            {t('register.didSendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {codeSentTo && (
        <>
          <Alert
            type="success"
            showIcon
            title={t('register.didCodeSent', { email: codeSentTo })}
            style={{ marginBottom: 12 }}
          />
          <Form.Item name="code" label={t('register.code')} rules={[rule]} className="cr-auth__code">
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('register.submit')}
      </Button>
    </Form>
  );
}
