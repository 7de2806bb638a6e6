import { useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Input, Select } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  basicProfileSchema,
  fullProfileSchema,
  LANGUAGES,
  PROFESSIONS,
  SKILLSET_GROUPS,
  SOCIAL_KEYS,
  type OwnProfile,
} from '@cr/contract/profile.contract';
import { errorText, fieldErrors, messageText } from '../../../lib/api-messages';
import { schemaRule } from '../../../lib/schema-rule';
import { CountrySelect } from '../../../components/country-select';
import { PROFILE_CARD_NS } from '../../../components/profile-card/profile-card-i18n';
import { profileApi } from '../api/profile-api';
import { browserTimeZone, timeZones } from '../lib/profile-format';
import { refreshCurrentUser } from '../lib/use-own-profile';
import { ImageUpload } from './image-upload';
import { paths } from '../../../lib/paths';
import { useFeedback } from '../../../lib/use-feedback';

const BASIC_KEYS = [
  'username',
  'firstName',
  'lastName',
  'country',
  'avatar',
  'banner',
  'motto',
  'defaultLanguage',
];
/** Optional fields a blank clears (the contract: '' or null clears, absent keeps). */
const CLEARABLE = ['avatar', 'banner', 'motto', 'profession', 'walletAddress'];

type Values = Record<string, unknown> & { social?: Record<string, unknown> };

function initialValues(p: OwnProfile, full: boolean): Values {
  const base: Values = {
    username: p.username,
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    country: p.country ?? undefined,
    avatar: p.avatar ?? '',
    banner: p.banner ?? '',
    motto: p.motto ?? '',
    defaultLanguage: p.defaultLanguage ?? undefined,
  };
  if (!full) return base;
  return {
    ...base,
    gender: p.gender ?? undefined,
    timezone: p.timezone ?? browserTimeZone(),
    bio: p.bio ?? '',
    profession: p.profession ?? undefined,
    skillsets: p.skillsets,
    walletAddress: p.walletAddress ?? '',
    social: Object.fromEntries(SOCIAL_KEYS.map((k) => [k, p.social[k] ?? ''])),
  };
}

/** Form values → the request body: only the form's own keys; a cleared select means "clear". */
function toRequest(values: Values, full: boolean): Values {
  const keys = full ? Object.keys(values) : BASIC_KEYS;
  const out: Values = {};
  for (const k of keys) {
    const v = values[k];
    out[k] = v === undefined && CLEARABLE.includes(k) ? null : v;
  }
  return out;
}

/**
 * The basic (PUT /api/user/profile/basic) or full (PUT /api/user/profile/full) profile form. Every rule is the
 * contract schema's; the server's field refusals (e.g. a taken username) land on their fields.
 */
export function ProfileForm({ profile, full }: { profile: OwnProfile; full: boolean }) {
  const { t } = useTranslation('profile');
  // The names of languages, genders, professions, skills and social links: the same words the profile card shows.
  const { t: names } = useTranslation(PROFILE_CARD_NS);
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const schema = full ? fullProfileSchema : basicProfileSchema;
  const rule = schemaRule(schema, t, (v) => toRequest(v as Values, full));
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);

  const submit = async () => {
    setFailure(null);
    const parsed = schema.safeParse(toRequest(form.getFieldsValue(true) as Values, full));
    if (!parsed.success) {
      setFailure(messageText(t, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setBusy(true);
    try {
      if (full) await profileApi.updateFull(parsed.data as never);
      else await profileApi.updateBasic(parsed.data as never);
      await refreshCurrentUser().catch(() => undefined);
      void message.success(t('saved'));
      void navigate(paths.profileInfo());
    } catch (err) {
      const fields = fieldErrors(t, err, {
        'account.username_taken': 'username',
        'profile.wallet_address_invalid': 'walletAddress',
        'profile.wallet_address_checksum': 'walletAddress',
      });
      if (fields.length) form.setFields(fields as never);
      else setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    if (!form.isFieldsTouched()) return void navigate(paths.profileInfo());
    modal.confirm({
      title: t('discardTitle'),
      okText: t('discardOk'),
      okType: 'danger',
      cancelText: t('cancel'),
      onOk: () => void navigate(paths.profileInfo()),
    });
  };

  const item = (name: string, label: string, child: React.ReactNode, extra?: string) => (
    <Form.Item
      name={name}
      label={label}
      rules={[rule]}
      validateTrigger={['onBlur', 'onChange']}
      extra={extra}
    >
      {child}
    </Form.Item>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues(profile, full)}
      onFinish={submit}
      disabled={busy}
      scrollToFirstError
      data-testid="profile-form"
    >
      {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
      <Card className="cr-card" title={t('sections.basic')}>
        <div className="cr-form-grid">
          {item('username', t('fields.username'), <Input autoComplete="username" />)}
          {item(
            'country',
            t('fields.country'),
            <CountrySelect placeholder={t('placeholders.country')} aria-label={t('fields.country')} />,
          )}
          {item('firstName', t('fields.firstName'), <Input autoComplete="given-name" />)}
          {item('lastName', t('fields.lastName'), <Input autoComplete="family-name" />)}
        </div>
        {item('motto', t('fields.motto'), <Input maxLength={200} showCount />)}
        {item(
          'defaultLanguage',
          t('fields.defaultLanguage'),
          <Select
            placeholder={names('notSet')}
            options={LANGUAGES.map((l) => ({ value: l, label: names(`languages.${l}`) }))}
          />,
        )}
      </Card>
      <Card className="cr-card" title={t('sections.pictures')}>
        <Form.Item name="avatar" label={t('fields.avatar')} rules={[rule]}>
          <ImageUpload kind="avatar" />
        </Form.Item>
        <Form.Item name="banner" label={t('fields.banner')} rules={[rule]}>
          <ImageUpload kind="banner" />
        </Form.Item>
      </Card>
      {full && (
        <>
          <Card className="cr-card" title={t('sections.about')}>
            <div className="cr-form-grid">
              {item(
                'gender',
                t('fields.gender'),
                <Select
                  placeholder={t('placeholders.gender')}
                  options={(['male', 'female', 'other'] as const).map((g) => ({
                    value: g,
                    label: names(`genders.${g}`),
                  }))}
                />,
              )}
              {item(
                'timezone',
                t('fields.timezone'),
                <Select showSearch placeholder={t('placeholders.timezone')} options={zones} />,
              )}
            </div>
            {item('bio', t('fields.bio'), <Input.TextArea rows={5} maxLength={2000} showCount />)}
          </Card>
          <Card className="cr-card" title={t('sections.work')}>
            {item(
              'profession',
              t('fields.profession'),
              <Select
                allowClear
                placeholder={t('placeholders.profession')}
                options={PROFESSIONS.map((p) => ({ value: p, label: names(`professions.${p}`) }))}
              />,
            )}
            {item(
              'skillsets',
              t('fields.skillsets'),
              <Select
                mode="multiple"
                allowClear
                optionFilterProp="label"
                placeholder={t('placeholders.skillsets')}
                options={Object.entries(SKILLSET_GROUPS).map(([group, items]) => ({
                  label: names(`skillsetGroups.${group}`),
                  title: group,
                  options: items.map((s) => ({ value: s, label: names(`skillsets.${s}`) })),
                }))}
              />,
            )}
            {item(
              'walletAddress',
              t('fields.walletAddress'),
              <Input spellCheck={false} autoComplete="off" />,
              t('fields.walletAddressHelp'),
            )}
          </Card>
          <Card className="cr-card" title={t('sections.social')}>
            <div className="cr-form-grid">
              {SOCIAL_KEYS.map((k) => (
                <Form.Item
                  key={k}
                  name={['social', k]}
                  label={names(`social.${k}`)}
                  rules={[rule]}
                  validateTrigger="onBlur"
                  extra={k === 'telegram' ? t('fields.telegramHelp') : undefined}
                >
                  <Input
                    placeholder={k === 'telegram' || k === 'wechat' ? undefined : t('placeholders.link')}
                    inputMode={k === 'telegram' || k === 'wechat' ? 'text' : 'url'}
                  />
                </Form.Item>
              ))}
            </div>
          </Card>
        </>
      )}
      <div className="cr-form-actions">
        <Button onClick={cancel}>{t('cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('save')}
        </Button>
      </div>
    </Form>
  );
}
