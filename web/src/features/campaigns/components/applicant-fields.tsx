import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTRIBUTION_CATEGORIES, TEXT_MAX } from '@cr/contract/submission.contract';
import type { FieldRule } from './campaign-form';

/** Full legal name and e-mail: the contact part of every campaign form. */
export function ContactFields({ rule }: { rule: FieldRule }) {
  const { t } = useTranslation('campaigns');
  return (
    <>
      <Form.Item name="fullLegalName" label={t('fields.fullLegalName')} rules={[rule]} required>
        <Input maxLength={TEXT_MAX} autoComplete="name" />
      </Form.Item>
      <Form.Item name="email" label={t('fields.email')} rules={[rule]} required>
        <Input type="email" autoComplete="email" />
      </Form.Item>
    </>
  );
}

/** Name, occupation, education, contribution category and e-mail: shared by the organizer and training forms. */
export function ApplicantFields({ rule }: { rule: FieldRule }) {
  const { t } = useTranslation('campaigns');
  return (
    <>
      <Form.Item name="fullLegalName" label={t('fields.fullLegalName')} rules={[rule]} required>
        <Input maxLength={TEXT_MAX} autoComplete="name" />
      </Form.Item>
      <Form.Item name="occupation" label={t('fields.occupation')} rules={[rule]} required>
        <Input maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item name="education" label={t('fields.education')} rules={[rule]} required>
        <Input maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item name="contributionCategory" label={t('fields.contributionCategory')} rules={[rule]} required>
        <Radio.Group
          options={CONTRIBUTION_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
        />
      </Form.Item>
      <Form.Item name="email" label={t('fields.email')} rules={[rule]} required>
        <Input type="email" autoComplete="email" />
      </Form.Item>
    </>
  );
}

export function DescriptionField({
  rule,
  required = false,
  name = 'description',
  label,
}: {
  rule: FieldRule;
  required?: boolean;
  name?: string;
  label?: string;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <Form.Item name={name} label={label ?? t('fields.description')} rules={[rule]} required={required}>
      <Input.TextArea rows={4} maxLength={TEXT_MAX} showCount />
    </Form.Item>
  );
}
