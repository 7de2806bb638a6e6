import { useState } from 'react';
import { Button, Form, Input, Popconfirm, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ELIP_DESC_MAX_WORDS,
  ELIP_SECTIONS,
  ELIP_TYPES,
  elipInputSchema,
  elipWords,
  type ElipInput,
} from '@cr/contract/elip.contract';
import { errorText, fieldErrors } from '../../../lib/api-messages';
import { schemaRule } from '../../../lib/schema-rule';
import { MarkdownField } from './markdown-field';
import { useFeedback } from '../../../lib/use-feedback';

export type ElipFormValues = Omit<ElipInput, 'submit'>;
const REQUIRED = new Set(['abstract', 'motivation', 'specification', 'copyright']);
const PREAMBLE = ['discussionsTo', 'requires', 'replaces', 'supersededBy'] as const;

/** The live count of the description (all sections), with the spec's counter shared with the server. */
function WordCount({ values }: { values: Partial<ElipFormValues> | undefined }) {
  const { t } = useTranslation('elips');
  const count = elipWords(values ?? {});
  const over = count > ELIP_DESC_MAX_WORDS;
  return (
    <div
      className={`cr-elip-words${over ? ' cr-elip-words--over' : ''}`}
      role="status"
      aria-live="polite"
      data-testid="elip-word-count"
    >
      {t(over ? 'form.wordsOver' : 'form.words', { count, max: ELIP_DESC_MAX_WORDS })}
    </div>
  );
}

/**
 * The ELIP form (create and edit): every section in markdown with a preview, checked with the request's own
 * schema (the 3,000-word limit included); server refusals are shown by field. `canSubmit` offers "Submit for
 * review" (with a confirmation) beside saving.
 */
export function ElipForm({
  initial,
  saveText,
  canSubmit,
  onSave,
  onCancel,
}: {
  initial?: ElipFormValues;
  saveText: string;
  canSubmit: boolean;
  onSave: (values: ElipFormValues, submit: boolean) => Promise<void>;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('elips');
  const { message } = useFeedback();
  const [form] = Form.useForm<ElipFormValues>();
  const values = Form.useWatch([], form);
  const [saving, setSaving] = useState<'save' | 'submit' | null>(null);
  const rule = schemaRule(elipInputSchema, t);

  const run = async (submit: boolean) => {
    let v: ElipFormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(submit ? 'submit' : 'save');
    try {
      await onSave({ ...form.getFieldsValue(true), ...v }, submit);
    } catch (err) {
      const fields = fieldErrors(t, err);
      if (fields.length > 0) form.setFields(fields.map((f) => ({ ...f, name: [f.name[0]!] })) as never);
      void message.error(errorText(t, err));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={
        initial ?? { type: 'STANDARD_TRACK', language: i18n.language.startsWith('zh') ? 'zh' : 'en' }
      }
      data-testid="elip-form"
      className="cr-elip-form"
      onFinish={() => void run(false)}
    >
      <Form.Item name="title" label={t('form.title')} rules={[rule]} required>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="type" label={t('form.type')} required>
        <Radio.Group className="cr-elip-types">
          {ELIP_TYPES.map((type) => (
            <Radio key={type} value={type} className="cr-elip-types__item">
              <strong>{t(`types.${type}`)}</strong>
              <div className="cr-elip-types__help">{t(`typeHelp.${type}`)}</div>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="language" label={t('language')} rules={[rule]}>
        <Select
          style={{ maxWidth: 200 }}
          options={['en', 'zh'].map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        />
      </Form.Item>
      <div className="cr-elip-preamble-fields">
        {PREAMBLE.map((k) => (
          <Form.Item key={k} name={k} label={t(k)} rules={[rule]} extra={t('form.preambleHelp')}>
            <Input maxLength={300} />
          </Form.Item>
        ))}
      </div>
      {ELIP_SECTIONS.map((k) => (
        <Form.Item
          key={k}
          name={k}
          label={t(`sections.${k}`)}
          rules={[rule]}
          required={REQUIRED.has(k)}
          dependencies={ELIP_SECTIONS.filter((o) => o !== k).map((o) => [o])}
        >
          <MarkdownField rows={k === 'specification' ? 8 : 4} />
        </Form.Item>
      ))}
      <WordCount values={values} />
      <Space wrap className="cr-elip-form__buttons">
        <Button htmlType="submit" loading={saving === 'save'} disabled={saving === 'submit'}>
          {saveText}
        </Button>
        {canSubmit && (
          <Popconfirm
            title={t('form.confirmSubmit')}
            okText={t('actions.confirm')}
            cancelText={t('actions.no')}
            onConfirm={() => void run(true)}
          >
            <Button type="primary" loading={saving === 'submit'} disabled={saving === 'save'}>
              {t('form.submit')}
            </Button>
          </Popconfirm>
        )}
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
      </Space>
    </Form>
  );
}
