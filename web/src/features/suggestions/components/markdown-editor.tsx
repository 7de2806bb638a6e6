import { useRef, useState, type ReactNode } from 'react';
import { Button, Input, Segmented, Tooltip } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../model/error-text';
import { localImageProblem, uploadImage } from './image-upload';
import { MarkdownView } from './markdown-view';
import { useFeedback } from '../../../lib/use-feedback';

interface MarkdownEditorProps {
  id: string;
  value: string | null | undefined;
  onChange(value: string): void;
  /** Allows inserting uploaded images (≤ 200 KB). */
  images?: boolean;
  rows?: number;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  footer?: ReactNode;
}

/** A markdown text area with a preview (rendered and sanitized exactly as the detail page shows it). */
export function MarkdownEditor({
  id,
  value,
  onChange,
  images,
  rows = 8,
  placeholder,
  invalid,
  describedBy,
  footer,
}: MarkdownEditorProps) {
  const { t } = useTranslation('suggestions');
  const { message } = useFeedback();
  const errorText = useErrorText();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [uploading, setUploading] = useState(false);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const text = value ?? '';

  const insertImage = async (file: File) => {
    const problem = localImageProblem(file);
    if (problem) {
      message.error(t(`upload.${problem}`));
      return;
    }
    setUploading(true);
    try {
      const url = await uploadImage(file);
      const el = area.current;
      const at = el ? el.selectionStart : text.length;
      const snippet = `![${file.name.replace(/[[\]]/g, '')}](${url})`;
      onChange(`${text.slice(0, at)}${snippet}${text.slice(at)}`);
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={`sg-md-editor${invalid ? ' sg-md-editor--invalid' : ''}`}>
      <div className="sg-md-editor__bar">
        <Segmented
          size="small"
          value={mode}
          onChange={(v) => setMode(v as 'write' | 'preview')}
          options={[
            { value: 'write', label: t('editor.write') },
            { value: 'preview', label: t('editor.preview') },
          ]}
          aria-label={t('editor.mode')}
        />
        {images && (
          <>
            <Tooltip title={t('upload.hint')}>
              <Button
                size="small"
                icon={<PictureOutlined />}
                loading={uploading}
                onClick={() => fileInput.current?.click()}
              >
                {t('editor.image')}
              </Button>
            </Tooltip>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              aria-hidden
              tabIndex={-1}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void insertImage(file);
              }}
            />
          </>
        )}
        <span className="sg-md-editor__hint">{t('editor.markdownHint')}</span>
      </div>
      {mode === 'write' ? (
        <Input.TextArea
          id={id}
          ref={(r) => {
            area.current = r?.resizableTextArea?.textArea ?? null;
          }}
          value={text}
          onChange={(e) => onChange(e.target.value)}
          autoSize={{ minRows: rows, maxRows: 30 }}
          placeholder={placeholder}
          status={invalid ? 'error' : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      ) : (
        <div className="sg-md-editor__preview" aria-live="polite">
          {text.trim() ? (
            <MarkdownView text={text} />
          ) : (
            <span className="sg-muted">{t('editor.nothing')}</span>
          )}
        </div>
      )}
      {footer}
    </div>
  );
}
