import { useState } from 'react';
import { DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { releaseInputSchema, type Release } from '@cr/contract/release.contract';
import { errorText, fieldErrors } from '../../../lib/api-messages';
import { DATE_FORMAT } from '../../../lib/dates';
import { schemaRule } from '../../../lib/schema-rule';
import { releaseApi } from '../api/release-api';
import { useFeedback } from '../../../lib/use-feedback';

interface FormValues {
  name: string;
  description: string;
  date: Dayjs | null;
}
const toRequest = (v: Record<string, unknown>) => ({
  ...v,
  date: (v.date as Dayjs | null | undefined)?.format('YYYY-MM-DD') ?? '',
});

/** Add (no `release`) or edit a release note, checked with the request's own schema. */
export function ReleaseFormModal({
  release,
  onClose,
  onSaved,
}: {
  release: Release | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('releases');
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const rule = schemaRule(releaseInputSchema, t, toRequest);
  const save = async (v: FormValues) => {
    setBusy(true);
    try {
      const body = releaseInputSchema.parse(toRequest(v as unknown as Record<string, unknown>));
      if (release) await releaseApi.edit(release._id, body);
      else await releaseApi.create(body);
      void message.success(t(release ? 'updated' : 'created'));
      onSaved();
    } catch (err) {
      const fields = fieldErrors(t, err);
      if (fields.length > 0) form.setFields(fields as never);
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t(release ? 'editTitle' : 'addTitle')}
      onCancel={onClose}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ htmlType: 'submit', loading: busy }}
      destroyOnHidden
      width={640}
      modalRender={(node) => (
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void save(v)}
          data-testid="release-form"
          initialValues={
            release
              ? { name: release.name, description: release.description, date: dayjs(release.date) }
              : { date: dayjs() }
          }
        >
          {node}
        </Form>
      )}
    >
      <Form.Item name="name" label={t('name')} rules={[rule]} required>
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="date" label={t('date')} rules={[rule]} required>
        <DatePicker format={DATE_FORMAT} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('description')}
        rules={[rule]}
        required
        extra={t('markdownHint')}
      >
        <Input.TextArea autoSize={{ minRows: 6, maxRows: 20 }} maxLength={20000} />
      </Form.Item>
    </Modal>
  );
}
