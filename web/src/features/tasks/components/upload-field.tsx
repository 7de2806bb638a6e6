import { useState } from 'react';
import { Button, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES } from '@cr/contract/upload.contract';
import { errorText } from '../../../lib/api-messages';
import { taskApi } from '../api/task-api';
import { useFeedback } from '../../../lib/use-feedback';

/** Images uploaded through POST /api/upload/file (≤ 200 KB, the server checks the bytes), up to `max`. */
export function UploadField({
  value = [],
  onChange,
  max,
  label,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  max: number;
  label: string;
}) {
  const { t } = useTranslation('tasks');
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    if (!file.type.startsWith('image/')) return void message.error(t('translation:errors.uploadNotImage'));
    if (file.size > MAX_UPLOAD_BYTES) return void message.error(t('translation:errors.uploadTooLarge'));
    setBusy(true);
    try {
      const res = await taskApi.uploadImage(file);
      onChange?.([...value, res.url]);
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space wrap>
      {value.map((url) => (
        <Space key={url} size={4}>
          <img src={url} alt="" width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />
          <Button
            size="small"
            icon={<DeleteOutlined />}
            aria-label={`${t('form.remove')} ${label}`}
            onClick={() => onChange?.(value.filter((v) => v !== url))}
          />
        </Space>
      ))}
      {value.length < max && (
        <Upload
          accept="image/*"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} aria-label={`${t('form.upload')} ${label}`}>
            {t('form.upload')}
          </Button>
        </Upload>
      )}
    </Space>
  );
}
