import { useState } from 'react';
import { Button, Input, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRACKING_CONTENT_MAX } from '@cr/contract/proposal-tracking.contract';
import { RichText } from './proposal-content';

/** The markdown form of a tracking message or the summary: write, preview, save as draft or submit for review. */
export function TrackingEditor({
  initial = '',
  busy,
  onSave,
  onCancel,
}: {
  initial?: string;
  busy: boolean;
  onSave(content: string, submit: boolean): void | Promise<void>;
  onCancel?(): void;
}) {
  const { t } = useTranslation('proposals');
  const [text, setText] = useState(initial);
  const empty = !text.trim();
  return (
    <div className="pr-track-editor" data-testid="tracking-editor">
      <Tabs
        size="small"
        items={[
          {
            key: 'write',
            label: t('tracking.write'),
            children: (
              <Input.TextArea
                data-testid="tracking-content"
                aria-label={t('tracking.write')}
                rows={6}
                maxLength={TRACKING_CONTENT_MAX}
                value={text}
                placeholder={t('tracking.placeholder')}
                onChange={(e) => setText(e.target.value)}
              />
            ),
          },
          {
            key: 'preview',
            label: t('tracking.preview'),
            children: empty ? (
              <p className="pr-muted">{t('tracking.nothingToPreview')}</p>
            ) : (
              <RichText text={text} />
            ),
          },
        ]}
      />
      <p className="pr-muted pr-track-editor__hint">{t('tracking.markdownHint')}</p>
      <Space wrap>
        <Button
          type="primary"
          data-testid="tracking-save-submit"
          disabled={empty}
          loading={busy}
          onClick={() => void onSave(text.trim(), true)}
        >
          {t('tracking.saveAndSubmit')}
        </Button>
        <Button
          data-testid="tracking-save-draft"
          disabled={empty}
          loading={busy}
          onClick={() => void onSave(text.trim(), false)}
        >
          {t('tracking.saveDraft')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('tracking.cancel')}</Button>}
      </Space>
    </div>
  );
}
