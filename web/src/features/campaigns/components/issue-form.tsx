import { useState } from 'react';
import { Alert, Button, Form, Input, Select, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_MAX, ISSUE_TYPES, TITLE_MAX, issueInputSchema } from '@cr/contract/submission.contract';
import { MAX_UPLOAD_BYTES } from '@cr/contract/upload.contract';
import { errorText, fieldErrors } from '../../../lib/api-messages';
import { schemaRule } from '../../../lib/schema-rule';
import { submissionApi } from '../api/submission-api';
import { useFeedback } from '../../../lib/use-feedback';

/** An image attachment uploaded through POST /api/upload/file (≤ 200 KB; the server checks the bytes). */
function AttachmentField({
  value,
  onChange,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
}) {
  const { t } = useTranslation('campaigns');
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    if (!file.type.startsWith('image/')) return void message.error(t('translation:errors.uploadNotImage'));
    if (file.size > MAX_UPLOAD_BYTES) return void message.error(t('translation:errors.uploadTooLarge'));
    setBusy(true);
    try {
      onChange?.((await submissionApi.uploadImage(file)).url);
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      {value ? (
        <span data-testid="issue-attachment">
          <a href={value} target="_blank" rel="noreferrer">
            {t('attachment')}
          </a>{' '}
          <Button size="small" onClick={() => onChange?.(null)}>
            {t('remove')}
          </Button>
        </span>
      ) : (
        <Upload
          accept="image/*"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} data-testid="issue-upload">
            {t('upload')}
          </Button>
        </Upload>
      )}
      <div className="cr-submission__meta">{t('attachmentHelp')}</div>
    </div>
  );
}

/** The issue form: title, type (bug by default), description and an optional image. */
export function IssueForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('campaigns');
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const rule = schemaRule(issueInputSchema, t);
  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await submissionApi.fileIssue(values as never);
      void message.success(t('issueSent'));
      form.resetFields();
      onDone();
    } catch (err) {
      const fields = fieldErrors(t, err);
      if (fields.length > 0) form.setFields(fields as never);
      setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ type: 'BUG', attachment: null }}
      onFinish={(v) => void submit(v)}
      className="cr-campaign-form"
      data-testid="issue-form"
    >
      <Form.Item name="title" label={t('fields.title')} rules={[rule]} required>
        <Input maxLength={TITLE_MAX} />
      </Form.Item>
      <Form.Item name="type" label={t('fields.type')} rules={[rule]} required>
        <Select
          options={ISSUE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
          data-testid="issue-type"
        />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={[rule]} required>
        <Input.TextArea rows={5} maxLength={DESCRIPTION_MAX} showCount />
      </Form.Item>
      <Form.Item name="attachment" label={t('attachment')} rules={[rule]}>
        <AttachmentField />
      </Form.Item>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('submit')}
      </Button>
    </Form>
  );
}
