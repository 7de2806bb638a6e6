import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Radio, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAIL_GROUPS, type MailPreferences } from '@cr/contract/mail-preferences.contract';
import { errorText } from '../../../lib/api-messages';
import { mailPreferencesApi } from '../api/mail-preferences-api';
import '../../../components/profile-card/profile-card.css';
import { useFeedback } from '../../../lib/use-feedback';

/**
 * The member's e-mail preferences (docs/mail.md): each optional kind of mail on or off, and the language e-mail
 * is written in. Account and security mail is always sent. The anchor `#mail-preferences` is the "all e-mail
 * preferences" link in every optional e-mail.
 */
export function MailPreferencesCard() {
  const { t } = useTranslation('profile');
  const { message } = useFeedback();
  const [saved, setSaved] = useState<MailPreferences | null>(null);
  const [draft, setDraft] = useState<MailPreferences | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const prefs = await mailPreferencesApi.get();
      setSaved(prefs);
      setDraft(prefs);
    } catch (err) {
      setLoadError(err);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async () => {
    if (!draft) return;
    setBusy(true);
    setFailure(null);
    try {
      const prefs = await mailPreferencesApi.save(draft);
      setSaved(prefs);
      setDraft(prefs);
      void message.success(t('mail.saved'));
    } catch (err) {
      setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const dirty = JSON.stringify(saved) !== JSON.stringify(draft);

  const body = () => {
    if (loadError && !draft)
      return (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('mail.loadFailed')}
          description={errorText(t, loadError)}
          action={<Button onClick={() => void load()}>{t('retry')}</Button>}
        />
      );
    if (!draft)
      return (
        <div role="status" aria-label={t('mail.loading')} aria-busy="true">
          <Skeleton active paragraph={{ rows: 4 }} />
        </div>
      );
    return (
      <>
        <ul className="cr-mail-prefs">
          {MAIL_GROUPS.map((g) => (
            <li key={g} className="cr-mail-prefs__row" data-testid={`mail-group-${g}`}>
              <Switch
                id={`mail-group-${g}`}
                checked={draft.groups[g]}
                disabled={busy}
                aria-describedby={`mail-group-${g}-text`}
                onChange={(on) => setDraft({ ...draft, groups: { ...draft.groups, [g]: on } })}
              />
              <div>
                <label htmlFor={`mail-group-${g}`} className="cr-mail-prefs__title">
                  {t(`mail.groups.${g}.title`)}
                </label>
                <Typography.Text type="secondary" id={`mail-group-${g}-text`} className="cr-mail-prefs__text">
                  {t(`mail.groups.${g}.text`)}
                </Typography.Text>
              </div>
            </li>
          ))}
          <li className="cr-mail-prefs__row" data-testid="mail-group-account">
            <Switch id="mail-group-account" checked disabled aria-describedby="mail-group-account-text" />
            <div>
              <label htmlFor="mail-group-account" className="cr-mail-prefs__title">
                {t('mail.account.title')}
              </label>
              <Typography.Text type="secondary" id="mail-group-account-text" className="cr-mail-prefs__text">
                {t('mail.account.text')}
              </Typography.Text>
            </div>
          </li>
        </ul>
        <div className="cr-mail-prefs__language">
          <Typography.Text strong id="mail-language-label">
            {t('mail.language')}
          </Typography.Text>
          <Radio.Group
            aria-labelledby="mail-language-label"
            optionType="button"
            value={draft.language}
            disabled={busy}
            onChange={(e) => setDraft({ ...draft, language: e.target.value as MailPreferences['language'] })}
            options={[
              { value: 'en', label: 'English' },
              { value: 'zh', label: '中文' },
            ]}
          />
        </div>
        {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 12 }} />}
        <div className="cr-profile-actions">
          <Button type="primary" loading={busy} disabled={!dirty} onClick={() => void save()}>
            {t('mail.save')}
          </Button>
          {dirty && (
            <Button disabled={busy} onClick={() => setDraft(saved)}>
              {t('cancel')}
            </Button>
          )}
        </div>
      </>
    );
  };

  return (
    <Card id="mail-preferences" className="cr-card" title={t('sections.mail')} data-testid="mail-preferences">
      <Typography.Paragraph>{t('mail.lead')}</Typography.Paragraph>
      {body()}
    </Card>
  );
}
