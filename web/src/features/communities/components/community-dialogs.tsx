import { useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  SUB_COMMUNITY_TYPES,
  communityEditSchema,
  subCommunityInputSchema,
  type Community,
} from '@cr/contract/community.contract';
import { schemaRule } from '../../../lib/schema-rule';
import { communityApi } from '../api/community-api';
import { communityFailure } from './community-errors';
import { MemberPicker } from './member-picker';
import { useFeedback } from '../../../lib/use-feedback';

export type DialogKind = 'sub' | 'organizer' | 'rename';

/** The add-sub-community, add-organizer and rename dialogs of one community (rights checked by the server). */
export function CommunityDialog({
  kind,
  community,
  onClose,
  onDone,
}: {
  kind: DialogKind;
  community: Community;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('communities');
  const { message } = useFeedback();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, string>;
    setBusy(true);
    setFailure(null);
    try {
      if (kind === 'sub') {
        await communityApi.addSub({
          parentId: community._id,
          type: values.type as 'CITY',
          name: values.name!,
        });
        void message.success(t('added'));
      } else if (kind === 'organizer') {
        await communityApi.addOrganizer(community._id, values.userId!);
        void message.success(t('organizerAdded'));
      } else {
        await communityApi.rename(community._id, values.name!);
        void message.success(t('updated'));
      }
      onDone();
    } catch (err) {
      setFailure(
        communityFailure(t, err, kind === 'organizer' ? 'messages.community.add_organizer_failed' : 'failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  const title =
    kind === 'sub'
      ? t('addSubTitle', { name: community.name })
      : kind === 'organizer'
        ? t('addOrganizer')
        : t('rename');
  const subRule = schemaRule(subCommunityInputSchema, t, (v) => ({ ...v, parentId: community._id }));
  return (
    <Modal
      open
      title={title}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={kind === 'rename' ? { name: community.name } : { type: 'CITY' }}
      >
        {kind === 'sub' && (
          <Form.Item name="type" label={t('type')} rules={[subRule]}>
            <Select options={SUB_COMMUNITY_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
          </Form.Item>
        )}
        {kind !== 'organizer' && (
          <Form.Item
            name="name"
            label={t('name')}
            rules={[kind === 'sub' ? subRule : schemaRule(communityEditSchema, t)]}
          >
            <Input maxLength={80} data-testid="community-name-input" />
          </Form.Item>
        )}
        {kind === 'organizer' && (
          <Form.Item name="userId" label={t('member')} rules={[{ required: true, message: t('pickMember') }]}>
            <MemberPicker />
          </Form.Item>
        )}
      </Form>
      {failure && (
        <div role="alert" className="cr-community__failure" data-testid="community-dialog-error">
          {failure}
        </div>
      )}
    </Modal>
  );
}
