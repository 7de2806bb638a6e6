import { useState } from 'react';
import { Button, Form, Input, Select, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SKILLSET_GROUPS } from '@cr/contract/profile.contract';
import {
  TEAM_SUBCATEGORIES,
  teamInputSchema,
  type TeamInput,
  type TeamType,
} from '@cr/contract/team.contract';
import { MAX_UPLOAD_BYTES } from '@cr/contract/upload.contract';
import { errorText, fieldErrors } from '../../../lib/api-messages';
import { schemaRule } from '../../../lib/schema-rule';
import { teamApi } from '../api/team-api';
import '../../../components/profile-card/profile-card-i18n';
import { useFeedback } from '../../../lib/use-feedback';

export type TeamFormValues = Omit<TeamInput, 'type'>;

/** Up to 5 pictures, each uploaded through POST /api/upload/file (≤ 200 KB, the server checks the bytes). */
function PicturesField({ value = [], onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation('teams');
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    if (!file.type.startsWith('image/')) return void message.error(t('translation:errors.uploadNotImage'));
    if (file.size > MAX_UPLOAD_BYTES) return void message.error(t('translation:errors.uploadTooLarge'));
    setBusy(true);
    try {
      const res = await teamApi.uploadImage(file);
      onChange?.([...value, res.url]);
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="cr-team-pictures">
      <Space wrap>
        {value.map((url) => (
          <div key={url} className="cr-team-pictures__item">
            <img src={url} alt="" />
            <Button
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('form.removePicture')}
              onClick={() => onChange?.(value.filter((v) => v !== url))}
            />
          </div>
        ))}
      </Space>
      {value.length < 5 && (
        <Upload
          accept="image/*"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t('form.upload')}
          </Button>
        </Upload>
      )}
      <div className="cr-team-pictures__help">{t('form.picturesHelp')}</div>
    </div>
  );
}

/** The team form (create and edit): checked with the request's own schema, server refusals shown by field. */
export function TeamForm({
  type,
  initial,
  submitText,
  onSubmit,
  onCancel,
}: {
  type: TeamType;
  initial?: TeamFormValues;
  submitText: string;
  onSubmit: (values: TeamFormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('teams');
  const { message } = useFeedback();
  const [form] = Form.useForm<TeamFormValues>();
  const [saving, setSaving] = useState(false);
  const rule = schemaRule(teamInputSchema, t, (v) => ({ ...v, type }));

  const submit = async (values: TeamFormValues) => {
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (err) {
      const fields = fieldErrors(t, err);
      if (fields.length > 0) form.setFields(fields.map((f) => ({ ...f, name: [f.name[0]!] })) as never);
      void message.error(errorText(t, err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial ?? { tags: [], recruiting: [], pictures: [], subcategory: null }}
      onFinish={(v) => void submit(v)}
      data-testid="team-form"
      className="cr-team-form"
    >
      <Form.Item name="name" label={t('form.name')} rules={[rule]}>
        <Input placeholder={t('form.namePlaceholder')} maxLength={80} />
      </Form.Item>
      <Form.Item name="description" label={t('form.description')} rules={[rule]}>
        <Input.TextArea
          placeholder={t('form.descriptionPlaceholder')}
          autoSize={{ minRows: 4 }}
          maxLength={5000}
        />
      </Form.Item>
      <Form.Item name="subcategory" label={t('form.subcategory')}>
        <Select
          allowClear
          options={TEAM_SUBCATEGORIES.map((s) => ({ value: s, label: t(`subcategories.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="tags" label={t('form.tags')} rules={[rule]}>
        <Select mode="tags" placeholder={t('form.tagsPlaceholder')} open={false} />
      </Form.Item>
      <Form.Item name="recruiting" label={t('form.recruiting')}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('form.recruitingPlaceholder')}
          optionFilterProp="label"
          options={Object.entries(SKILLSET_GROUPS).map(([group, items]) => ({
            label: t(`profileCard:skillsetGroups.${group}`),
            title: group,
            options: items.map((s) => ({ value: s, label: t(`profileCard:skillsets.${s}`) })),
          }))}
        />
      </Form.Item>
      <Form.Item name="pictures" label={t('form.pictures')}>
        <PicturesField />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {submitText}
        </Button>
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
      </Space>
    </Form>
  );
}
