import { useState } from 'react';
import { Button, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES } from '@cr/contract/upload.contract';
import { errorText } from '../../../lib/api-messages';
import { profileApi } from '../api/profile-api';
import { useFeedback } from '../../../lib/use-feedback';

/**
 * A picture field (avatar or banner): uploads through POST /api/upload/file and holds its `/uploads/…` URL.
 * Files that are not images or are over 200 KB are refused here first, and the server's refusals are shown
 * in the reader's language.
 */
export function ImageUpload({
  value,
  onChange,
  kind,
  id,
}: {
  value?: string | null;
  onChange?: (url: string) => void;
  kind: 'avatar' | 'banner';
  id?: string;
}) {
  const { t } = useTranslation('profile');
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      void message.error(t('translation:errors.uploadNotImage'));
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      void message.error(t('translation:errors.uploadTooLarge'));
      return;
    }
    setBusy(true);
    try {
      const res = await profileApi.uploadImage(file);
      onChange?.(res.url);
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`cr-image-upload cr-image-upload--${kind}`} data-testid={`upload-${kind}`}>
      <div className="cr-image-upload__preview">
        {value ? (
          <img src={value} alt={t(kind === 'avatar' ? 'upload.avatarAlt' : 'upload.bannerAlt')} />
        ) : null}
      </div>
      <div className="cr-image-upload__actions">
        <Upload
          accept="image/*"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button id={id} icon={<UploadOutlined />} loading={busy}>
            {value ? t('upload.change') : t('upload.choose')}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')} disabled={busy}>
            {t('upload.remove')}
          </Button>
        )}
        <span className="cr-image-upload__help">{t('upload.help')}</span>
      </div>
    </div>
  );
}
