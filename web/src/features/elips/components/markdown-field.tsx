import { useMemo, useState } from 'react';
import { Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderMarkdown } from '../../../lib/markdown';

/** Member-written markdown, sanitized by the shared renderer. */
export function ElipMarkdown({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  if (!html) return null;
  return <div className="cr-elip-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A markdown text area with a Write / Preview switch (antd Form control: value / onChange). */
export function MarkdownField({
  id,
  value,
  onChange,
  rows = 5,
  'aria-invalid': invalid,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  rows?: number;
  'aria-invalid'?: boolean;
}) {
  const { t } = useTranslation('elips');
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const text = value ?? '';
  return (
    <div className="cr-elip-md">
      <div className="cr-elip-md__bar">
        <Segmented
          size="small"
          value={mode}
          onChange={(v) => setMode(v as 'write' | 'preview')}
          options={[
            { value: 'write', label: t('form.write') },
            { value: 'preview', label: t('form.preview') },
          ]}
          aria-label={t('form.editorMode')}
        />
        <span className="cr-elip-md__hint">{t('form.markdownHint')}</span>
      </div>
      {mode === 'write' ? (
        <Input.TextArea
          id={id}
          value={text}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: rows, maxRows: 30 }}
          aria-invalid={invalid}
        />
      ) : (
        <div className="cr-elip-md__preview" aria-live="polite">
          {text.trim() ? <ElipMarkdown text={text} /> : <span>{t('form.nothing')}</span>}
        </div>
      )}
    </div>
  );
}
