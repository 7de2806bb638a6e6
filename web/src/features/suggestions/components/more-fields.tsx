import { useRef, useState } from 'react';
import { Button, Input, Popconfirm } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setAt } from '../model/form-values';
import { useErrorText } from '../model/error-text';
import { Field, useFieldProps, useSuggestionForm } from './form-context';
import { DateField, MarkdownField, TextField } from './form-inputs';
import { localImageProblem, uploadImage } from './image-upload';
import { useFeedback } from '../../../lib/use-feedback';

/** Links (http/https, no duplicates), each removable. */
function LinksField() {
  const { t } = useTranslation('suggestions');
  const { values, set, update, readOnly } = useSuggestionForm();
  const links = values.links ?? [];
  return (
    <Field path={['links']} label={t('fields.links')} extra={t('more.linksHint')}>
      <div className="sg-links">
        {links.map((link, i) => (
          <LinkInput
            key={i}
            index={i}
            value={link}
            onChange={(v) => set(['links', i], v)}
            onRemove={() =>
              update((v) =>
                setAt(
                  v,
                  ['links'],
                  links.filter((_, k) => k !== i),
                ),
              )
            }
          />
        ))}
        {!readOnly && links.length < 10 && (
          <Button icon={<PlusOutlined />} onClick={() => update((v) => setAt(v, ['links'], [...links, '']))}>
            {t('more.addLink')}
          </Button>
        )}
      </div>
    </Field>
  );
}

function LinkInput({
  index,
  value,
  onChange,
  onRemove,
}: {
  index: number;
  value: string;
  onChange(v: string): void;
  onRemove(): void;
}) {
  const { t } = useTranslation('suggestions');
  const props = useFieldProps(['links', index]);
  return (
    <Field path={['links', index]} className="sg-link">
      <Input
        {...props}
        type="url"
        inputMode="url"
        value={value}
        placeholder="https://"
        onChange={(e) => onChange(e.target.value)}
        aria-label={t('more.linkN', { n: index + 1 })}
        addonAfter={
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label={t('more.removeLink', { n: index + 1 })}
          />
        }
      />
    </Field>
  );
}

/** Cover image: an uploaded image of at most 200 KB, previewed, removable. */
function CoverImageField() {
  const { t } = useTranslation('suggestions');
  const { message } = useFeedback();
  const errorText = useErrorText();
  const { values, set, readOnly } = useSuggestionForm();
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const url = values.coverImage ?? '';
  const pick = async (file: File) => {
    const problem = localImageProblem(file);
    if (problem) {
      message.error(t(`upload.${problem}`));
      return;
    }
    setUploading(true);
    try {
      set(['coverImage'], await uploadImage(file));
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Field path={['coverImage']} label={t('fields.coverImage')} extra={t('upload.hint')}>
      <div className="sg-cover">
        {url && <img src={url} alt={t('more.coverAlt')} className="sg-cover__img" />}
        {!readOnly && (
          <div className="sg-cover__actions">
            <Button
              id="sg-coverImage"
              icon={<UploadOutlined />}
              loading={uploading}
              onClick={() => input.current?.click()}
            >
              {url ? t('more.replaceImage') : t('more.uploadImage')}
            </Button>
            {url && (
              <Popconfirm
                title={t('more.removeImageConfirm')}
                okText={t('actions.remove')}
                cancelText={t('actions.keep')}
                onConfirm={() => set(['coverImage'], '')}
              >
                <Button danger icon={<DeleteOutlined />}>
                  {t('actions.remove')}
                </Button>
              </Popconfirm>
            )}
            <input
              ref={input}
              type="file"
              accept="image/*"
              hidden
              data-testid="cover-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void pick(file);
              }}
            />
          </div>
        )}
      </div>
    </Field>
  );
}

/** The "More" tab: what every type may add (spec §3). */
export function MoreFields() {
  const { t } = useTranslation('suggestions');
  return (
    <>
      <TextField path={['shortDescription']} label={t('fields.shortDescription')} rows={2} maxLength={300} />
      <MarkdownField path={['fullDescription']} label={t('fields.fullDescription')} images rows={6} />
      <MarkdownField path={['benefits']} label={t('fields.benefits')} rows={4} />
      <div className="sg-grid sg-grid--2">
        <TextField
          path={['fundingUsd']}
          label={t('fields.fundingUsd')}
          suffix="USD"
          inputMode="decimal"
          extra={t('more.fundingHint')}
        />
        <DateField path={['expectedCompletion']} label={t('fields.expectedCompletion')} />
      </div>
      <CoverImageField />
      <LinksField />
    </>
  );
}
