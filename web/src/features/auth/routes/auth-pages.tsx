import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Result, Tabs } from 'antd';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from '@cr/contract/account.contract';
import { useAuth } from '../../../lib/auth-store';
import { clearLoginRedirect, peekLoginRedirect } from '../../../lib/login-redirect';
import { accountApi } from '../../../lib/account-api';
import { AuthCard } from '../components/auth-card';
import { DidRegisterForm } from '../components/did-register-form';
import { EmailRegisterForm } from '../components/email-register-form';
import { PasswordLoginForm } from '../components/password-login-form';
import { WalletLogin } from '../components/wallet-login';
import { errorText, fieldErrors } from '../../../lib/api-messages';
import { usePendingDidStore } from '../../../lib/pending-did-store';
import { passwordMatchRule, schemaRule } from '../../../lib/schema-rule';
import { paths } from '../../../lib/paths';

/** A member already signed in when the page opened goes on to the remembered page (or their profile). */
function ContinueAfterLogin() {
  const target = peekLoginRedirect() ?? paths.profileInfo();
  useEffect(() => clearLoginRedirect(), []);
  return <Navigate to={target} replace />;
}

/** True when the member was signed in as the page opened (a sign-in on the page navigates by itself). */
function useSignedInOnArrival(): boolean {
  const { is_login } = useAuth();
  const [onArrival] = useState(is_login);
  return onArrival;
}

function LoginScreen({ sso }: { sso?: boolean }) {
  const { t } = useTranslation('auth');
  const pending = usePendingDidStore((s) => s.pending);
  const [tab, setTab] = useState<'wallet' | 'password'>(pending?.bindAfterLogin ? 'password' : 'wallet');
  const [remember, setRemember] = useState(true);
  if (useSignedInOnArrival()) return <ContinueAfterLogin />;
  const next = peekLoginRedirect();
  return (
    <AuthCard
      title={sso ? t('login.ssoTitle') : t('login.title')}
      lead={sso ? t('login.ssoLead') : t('login.lead')}
    >
      {next && (
        <Alert
          type="info"
          showIcon
          title={t('login.afterLogin', { path: next })}
          style={{ marginBottom: 12 }}
        />
      )}
      {pending?.bindAfterLogin && (
        <Alert
          type="info"
          showIcon
          title={t('login.bindAfterLogin', { did: pending.did })}
          style={{ marginBottom: 12 }}
          className="cr-auth__did"
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'wallet' | 'password')}
        items={[
          {
            key: 'wallet',
            label: t('login.tabWallet'),
            children: (
              <WalletLogin
                remember={remember}
                description={t('login.walletLead')}
                onUseExistingAccount={() => setTab('password')}
              />
            ),
          },
          {
            key: 'password',
            label: t('login.tabPassword'),
            children: <PasswordLoginForm remember={remember} />,
          },
        ]}
      />
      <div className="cr-auth__remember">
        <Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)}>
          {t('login.remember')}
        </Checkbox>
        <Link to={paths.forgotPassword()}>{t('login.forgot')}</Link>
      </div>
      <div className="cr-auth__links">
        <span>
          {t('login.noAccount')} <Link to={paths.register()}>{t('login.register')}</Link>
        </span>
      </div>
    </AuthCard>
  );
}

/** /login: wallet first (QR), then e-mail or username and password. */
export function LoginPage() {
  return <LoginScreen />;
}

/** /sso/login: the same sign-in, introduced for the community forum. */
export function SsoLoginPage() {
  return <LoginScreen sso />;
}

/** /register: by e-mail with a confirmation code, or by DID (from a QR sign-in whose DID has no account). */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const pending = usePendingDidStore((s) => s.pending);
  const setPending = usePendingDidStore((s) => s.setPending);
  const [tab, setTab] = useState<'email' | 'wallet'>('email');
  if (useSignedInOnArrival()) return <Navigate to={paths.profileInfo()} replace />;
  const didForm = pending && !pending.bindAfterLogin;
  return (
    <AuthCard
      title={didForm ? t('register.didTitle') : t('register.title')}
      lead={didForm ? undefined : t('register.lead')}
      wide
    >
      {didForm ? (
        <>
          <DidRegisterForm
            pending={pending}
            onRestart={() => {
              setPending(null);
              setTab('wallet');
            }}
          />
          <div className="cr-auth__links">
            <Button type="link" style={{ paddingInline: 0 }} onClick={() => setPending(null)}>
              {t('register.cancelDid')}
            </Button>
          </div>
        </>
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as 'email' | 'wallet')}
          items={[
            { key: 'email', label: t('register.tabEmail'), children: <EmailRegisterForm /> },
            {
              key: 'wallet',
              label: t('register.tabWallet'),
              children: tab === 'wallet' && (
                <WalletLogin remember={false} description={t('register.walletLead')} />
              ),
            },
          ]}
        />
      )}
      <div className="cr-auth__links">
        <span>
          {t('register.haveAccount')} <Link to={paths.login()}>{t('register.login')}</Link>
        </span>
      </div>
    </AuthCard>
  );
}

/** /forgot-password: e-mails a single-use link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<ForgotPasswordRequest>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const rule = schemaRule(forgotPasswordRequestSchema, t);
  const submit = async (values: ForgotPasswordRequest) => {
    setBusy(true);
    setFailure(null);
    try {
      await accountApi.forgotPassword(forgotPasswordRequestSchema.parse(values));
      setSent(true);
    } catch (err) {
      setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title={t('forgot.title')} lead={sent ? undefined : t('forgot.lead')}>
      {sent ? (
        <Result status="success" title={t('forgot.sent')} subTitle={t('forgot.sentDetail')} />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
          {failure && (
            <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
          )}
          <Form.Item name="email" label={t('forgot.email')} rules={[rule]} validateTrigger="onBlur">
            <Input type="email" autoComplete="email" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('forgot.submit')}
          </Button>
        </Form>
      )}
      <div className="cr-auth__links">
        <Link to={paths.login()}>{t('forgot.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}

type ResetFields = Omit<ResetPasswordRequest, 'token'>;

/** /reset-password?token=…: the e-mailed link; a new password, then the login page. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<ResetFields>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toRequest = (v: Record<string, unknown>) => ({ ...v, token });
  const rule = schemaRule(resetPasswordRequestSchema, t, toRequest);
  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await accountApi.resetPassword(resetPasswordRequestSchema.parse(toRequest(form.getFieldsValue(true))));
      setDone(true);
    } catch (err) {
      const fields = fieldErrors(t, err).filter((f) => f.name[0] !== 'token');
      if (fields.length) form.setFields(fields as never);
      else setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  const link = (
    <div className="cr-auth__links">
      <Link to={paths.login()}>{t('forgot.backToLogin')}</Link>
      <Link to={paths.forgotPassword()}>{t('reset.askAgain')}</Link>
    </div>
  );
  if (done)
    return (
      <AuthCard title={t('reset.title')}>
        <Result
          status="success"
          title={t('reset.done')}
          extra={
            <Link to={paths.login()}>
              <Button type="primary">{t('login.submit')}</Button>
            </Link>
          }
        />
      </AuthCard>
    );
  if (token.length < 20)
    return (
      <AuthCard title={t('reset.title')}>
        <Alert type="error" showIcon role="alert" title={t('reset.missingToken')} />
        {link}
      </AuthCard>
    );
  return (
    <AuthCard title={t('reset.title')} lead={t('reset.lead')}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
        {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
        <Form.Item name="password" label={t('reset.password')} rules={[rule]} validateTrigger="onBlur">
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="passwordConfirm"
          label={t('reset.passwordConfirm')}
          dependencies={['password']}
          rules={[rule, passwordMatchRule(t)]}
          validateTrigger="onBlur"
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('reset.submit')}
        </Button>
      </Form>
      {link}
    </AuthCard>
  );
}
