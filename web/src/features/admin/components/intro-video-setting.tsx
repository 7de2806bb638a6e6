import { useEffect, useState } from 'react';
import { Button, Flex, Input, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { introVideoUrlSchema, type SiteSettings } from '@cr/contract/site.contract';
import { errorText, messageText } from '../../../lib/api-messages';
import { useSiteSettingsStore } from '../../../lib/site-settings-store';
import { adminApi } from '../api/admin-api';
import { useFeedback } from '../../../lib/use-feedback';

/**
 * The introduction video's address on /admin/settings: an https video file, checked by the same schema as the
 * server's; saving asks first and is audited. An empty field takes the video off /video (the walkthrough stays).
 */
export function IntroVideoSetting({
  settings,
  onSaved,
}: {
  settings: SiteSettings;
  onSaved: (next: SiteSettings) => void;
}) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const { message } = useFeedback();
  const [value, setValue] = useState(settings.introVideoUrl ?? '');
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(settings.introVideoUrl ?? ''), [settings.introVideoUrl]);
  const trimmed = value.trim();
  const check = trimmed ? introVideoUrlSchema.safeParse(trimmed) : null;
  const problem = check && !check.success ? messageText(t, check.error.issues[0]!.message) : null;
  const unchanged = trimmed === (settings.introVideoUrl ?? '');

  const save = async () => {
    setBusy(true);
    try {
      const next = await adminApi.saveSettings({ introVideoUrl: trimmed || null });
      onSaved(next);
      useSiteSettingsStore.getState().setSettings(next);
      void message.success(ta('saved'));
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ paddingTop: 16 }}>
      <Typography.Text strong>
        <label htmlFor="intro-video-url">{ta('introVideoUrl')}</label>
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {ta('introVideoUrlHint')}
      </Typography.Paragraph>
      <Flex gap={8} wrap>
        <Input
          id="intro-video-url"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="https://…/introduction.mp4"
          status={problem ? 'error' : undefined}
          aria-invalid={!!problem}
          aria-describedby={problem ? 'intro-video-url-error' : undefined}
          style={{ flex: '1 1 280px' }}
          data-testid="setting-introVideoUrl"
        />
        <Popconfirm
          title={ta(trimmed ? 'confirmVideo' : 'confirmNoVideo')}
          okText={ta('confirm')}
          cancelText={ta('cancel')}
          onConfirm={() => void save()}
          disabled={!!problem || unchanged}
        >
          <Button type="primary" loading={busy} disabled={!!problem || unchanged}>
            {ta('save')}
          </Button>
        </Popconfirm>
      </Flex>
      {problem && (
        <Typography.Text type="danger" id="intro-video-url-error" role="alert">
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}
