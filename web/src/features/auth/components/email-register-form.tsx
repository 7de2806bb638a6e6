import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerRequestSchema, type RegisterRequest } from '@cr/contract/account.contract';
import { accountApi } from '../../../lib/account-api';
import { ApiError } from '../../../lib/api-errors';
import { errorText, fieldErrors } from '../../../lib/api-messages';
import { passwordMatchRule, schemaRule } from '../../../lib/schema-rule';
import { useCompleteSignIn } from '../lib/use-complete-sign-in';
import {
  clearRegisterDraft,
  readRegisterDraft,
  saveRegisterDraft,
  type RegisterDraft,
} from '../lib/register-draft';
import { CountrySelect } from '../../../components/country-select';
import { paths } from '../../../lib/paths';

const DETAIL_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'username',
  'password',
  'passwordConfirm',
  'country',
] as const;

/** Which step shows a server refusal about one field. */
const FIELD_OF_TYPE: Record<string, string> = {
  'account.email_taken': 'email',
  'account.username_taken': 'username',
  'account.code_mismatch': 'code',
  'account.code_expired': 'code',
  'account.code_attempts_exceeded': 'code',
};

/** The form's fields of a kept draft (the form's values are sent as they are: nothing else may be in them). */
const detailsOf = ({ resendAt: _resendAt, ...details }: RegisterDraft) => details;

/** The refusal of a second code within a minute: the earlier code still works, the page counts down. */
const COOLDOWN = 'account.code_cooldown';

/**
 * E-mail registration in two steps: the details (every rule from `registerRequestSchema`), then the 6-digit code
 * the server e-mailed (POST /api/user/register/code, then POST /api/user/register, which signs in). The code step
 * survives a reload (`register-draft`); the password is not kept, so after a reload the code step asks for it.
 */
export function EmailRegisterForm() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<RegisterRequest>();
  const [draft] = useState(readRegisterDraft);
  const [step, setStep] = useState<0 | 1>(draft ? 1 : 0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(draft?.email ?? null);
  const [resendAt, setResendAt] = useState(draft?.resendAt ?? 0);
  const [cooldownHit, setCooldownHit] = useState(false);
  /** Restored after a reload: the password fields move to the code step. */
  const [needPassword, setNeedPassword] = useState(!!draft);
  const [now, setNow] = useState(() => Date.now());
  const completeSignIn = useCompleteSignIn();
  const rule = schemaRule(registerRequestSchema, t);

  useEffect(() => {
    if (step !== 1) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [step]);

  const showRefusal = (err: unknown) => {
    const fields = fieldErrors(t, err, FIELD_OF_TYPE);
    if (fields.length) {
      form.setFields(fields as never);
      if (fields.some((f) => DETAIL_FIELDS.includes(f.name[0] as never))) {
        setNeedPassword(false);
        setStep(0);
      }
    } else setFailure(errorText(t, err));
  };

  /** The code step for `email`, kept for a reload; a new code may be asked from `nextAt`. */
  const toCodeStep = (email: string, nextAt: number) => {
    const v = form.getFieldsValue(true) as Partial<RegisterRequest>;
    saveRegisterDraft({
      email,
      firstName: v.firstName,
      lastName: v.lastName,
      username: v.username,
      country: v.country,
      resendAt: nextAt,
    });
    setSentTo(email);
    setResendAt(nextAt);
    setNow(Date.now());
    setStep(1);
  };

  /** Asks for a code after checking `fields` (all the details on step 1, only the e-mail when resending). */
  const askCode = async (fields: readonly string[]) => {
    setFailure(null);
    setCooldownHit(false);
    try {
      await form.validateFields([...fields] as never);
    } catch {
      return;
    }
    const email = (form.getFieldValue('email') as string).trim().toLowerCase();
    setBusy(true);
    try {
      const sent = await accountApi.sendRegisterCode({ email });
      toCodeStep(sent.email, Date.now() + sent.resendAfterSec * 1000);
    } catch (err) {
      if (err instanceof ApiError && err.type === COOLDOWN && err.retryAfterSec !== undefined) {
        // A code went to this address less than a minute ago and still works: type it, or wait for a new one.
        setCooldownHit(true);
        toCodeStep(email, Date.now() + err.retryAfterSec * 1000);
      } else showRefusal(err);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    setFailure(null);
    let values: RegisterRequest;
    try {
      await form.validateFields(needPassword ? ['code', 'password', 'passwordConfirm'] : ['code']);
      values = registerRequestSchema.parse(form.getFieldsValue(true));
    } catch {
      return;
    }
    setBusy(true);
    try {
      const session = await accountApi.register(values);
      clearRegisterDraft();
      completeSignIn(session, {
        remember: false,
        welcome: t('register.welcome', { name: session.user.username }),
        to: paths.profileInfo(),
      });
    } catch (err) {
      showRefusal(err);
    } finally {
      setBusy(false);
    }
  };

  const passwordsOnCodeStep = step === 1 && needPassword;
  const passwordRow = (
    <div className="cr-auth__row">
      <Form.Item
        name="password"
        label={t('register.password')}
        extra={t('register.passwordHelp')}
        rules={[rule]}
        validateTrigger="onBlur"
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="passwordConfirm"
        label={t('register.passwordConfirm')}
        dependencies={['password']}
        rules={[rule, passwordMatchRule(t)]}
        validateTrigger="onBlur"
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </div>
  );

  const waitSec = Math.max(0, Math.ceil((resendAt - now) / 1000));
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={busy}
      onFinish={step === 0 ? () => askCode(DETAIL_FIELDS) : submit}
      initialValues={draft ? detailsOf(draft) : undefined}
      data-testid="email-register"
    >
      <Steps
        size="small"
        current={step}
        responsive={false}
        style={{ marginBottom: 20 }}
        items={[{ title: t('register.stepDetails') }, { title: t('register.stepCode') }]}
      />
      {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
      <div hidden={step !== 0}>
        <div className="cr-auth__row">
          <Form.Item name="firstName" label={t('register.firstName')} rules={[rule]} validateTrigger="onBlur">
            <Input autoComplete="given-name" />
          </Form.Item>
          <Form.Item name="lastName" label={t('register.lastName')} rules={[rule]} validateTrigger="onBlur">
            <Input autoComplete="family-name" />
          </Form.Item>
        </div>
        <Form.Item name="email" label={t('register.email')} rules={[rule]} validateTrigger="onBlur">
          <Input type="email" autoComplete="email" inputMode="email" />
        </Form.Item>
        <Form.Item
          name="username"
          label={t('register.username')}
          extra={t('register.usernameHelp')}
          rules={[rule]}
          validateTrigger="onBlur"
        >
          <Input autoComplete="username" />
        </Form.Item>
        {!passwordsOnCodeStep && passwordRow}
        <Form.Item name="country" label={t('register.country')} rules={[rule]}>
          <CountrySelect placeholder={t('register.countryPlaceholder')} aria-label={t('register.country')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy && step === 0}>
          {t('register.sendCode')}
        </Button>
      </div>
      {step === 1 && (
        <div>
          <Alert
            type="success"
            showIcon
            title={t('register.codeSent', { email: sentTo })}
            style={{ marginBottom: 16 }}
          />
          {cooldownHit && waitSec > 0 && (
            <Alert
              type="info"
              showIcon
              title={t('register.cooldown', { seconds: waitSec })}
              style={{ marginBottom: 16 }}
              data-testid="code-cooldown"
            />
          )}
          <Form.Item
            name="code"
            label={t('register.code')}
            extra={t('register.codeHelp')}
            rules={[rule]}
            className="cr-auth__code"
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
          </Form.Item>
          {passwordsOnCodeStep && (
            <>
              <Alert type="info" showIcon title={t('register.passwordAgain')} style={{ marginBottom: 16 }} />
              {passwordRow}
            </>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('register.submit')}
          </Button>
          <div className="cr-auth__links">
            <Button
              type="link"
              onClick={() => {
                setNeedPassword(false);
                setCooldownHit(false);
                setStep(0);
              }}
              style={{ paddingInline: 0 }}
            >
              {t('register.back')}
            </Button>
            <Button
              type="link"
              onClick={() => askCode(['email'])}
              disabled={busy || waitSec > 0}
              style={{ paddingInline: 0 }}
            >
              {waitSec > 0 ? t('register.resendIn', { seconds: waitSec }) : t('register.resend')}
            </Button>
          </div>
        </div>
      )}
    </Form>
  );
}
