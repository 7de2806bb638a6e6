import { useState } from 'react';
import { Alert, Button, Checkbox, DatePicker, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SKILLSET_GROUPS } from '@cr/contract/profile.contract';
import {
  EVENT_DATE_TYPES,
  TASK_CATEGORIES,
  TASK_CURRENCIES,
  TASK_TYPES,
  taskInputSchema,
  type TaskDetail,
  type TaskInput,
} from '@cr/contract/task.contract';
import { errorText, fieldErrors } from '../../../lib/api-messages';
import { DATE_TIME_FORMAT } from '../../../lib/dates';
import { schemaRule } from '../../../lib/schema-rule';
import { UploadField } from './upload-field';
import '../../../components/profile-card/profile-card-i18n';
import { useFeedback } from '../../../lib/use-feedback';

const DATES = ['applicationDeadline', 'completionDeadline', 'eventStart', 'eventEnd'] as const;
type FormValues = Omit<
  TaskInput,
  (typeof DATES)[number] | 'thumbnail' | 'candidateLimit' | 'confirmRules'
> & {
  [K in (typeof DATES)[number]]?: Dayjs | null;
} & { thumbnail?: string[]; candidateLimit?: number; confirmRules?: boolean };

/** Form values → the request body (dates as ISO strings, the thumbnail as one URL). */
export function toTaskInput(v: Record<string, unknown>, create: boolean): TaskInput {
  const out: Record<string, unknown> = { ...v };
  for (const k of DATES) out[k] = v[k] ? (v[k] as Dayjs).toISOString() : null;
  out.thumbnail = (v.thumbnail as string[] | undefined)?.[0] ?? null;
  if (!create) delete out.confirmRules;
  return out as TaskInput;
}

/** A task's values for the edit form. */
export function fromTask(task: TaskDetail): FormValues {
  const d = (v: string | null) => (v ? dayjs(v) : null);
  return {
    name: task.name,
    category: task.category,
    type: task.type,
    description: task.description,
    goals: task.goals ?? '',
    infoLink: task.infoLink ?? '',
    location: task.location ?? '',
    applicationDeadline: d(task.applicationDeadline),
    completionDeadline: d(task.completionDeadline),
    eventStart: d(task.eventStart),
    eventEnd: d(task.eventEnd),
    eventDateType: task.eventDateType,
    currency: task.currency,
    budget: task.budget ?? '',
    budgetBreakdown: task.budgetBreakdown ?? '',
    reward: task.reward ?? '',
    bidding: task.bidding,
    referenceBid: task.referenceBid ?? '',
    attachments: task.attachments,
    thumbnail: task.thumbnail ? [task.thumbnail] : [],
    circleId: task.circle?._id ?? null,
    candidateLimit: task.candidateLimit,
    domain: task.domain,
    recruiting: task.recruiting as never,
    problem: task.problem ?? '',
    valueProposition: task.valueProposition ?? '',
    useCase: task.useCase ?? '',
    beneficiaries: task.beneficiaries ?? '',
    infrastructure: task.infrastructure ?? '',
    isPrivate: task.isPrivate,
  };
}

/**
 * Create and edit form of a task, project or event: checked with the request's own schema (payment rules
 * included), server refusals shown by field. `create` adds the payment rules confirmation.
 */
export function TaskForm({
  initial,
  fixedType,
  create,
  submitText,
  onSubmit,
  onCancel,
}: {
  initial?: FormValues;
  fixedType?: 'PROJECT';
  create: boolean;
  submitText: string;
  onSubmit: (values: TaskInput) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('tasks');
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('type', form) ?? initial?.type ?? fixedType ?? 'TASK';
  const bidding = Form.useWatch('bidding', form) ?? false;
  const rule = schemaRule(taskInputSchema, t, (v) => ({ ...toTaskInput(v, true), confirmRules: true }));
  const confirmRule = schemaRule(taskInputSchema, t, (v) => toTaskInput(v, true));
  const rules = t('form.rules', { returnObjects: true }) as string[];

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      await onSubmit(toTaskInput(values as Record<string, unknown>, create));
    } catch (err) {
      const fields = fieldErrors(t, err);
      if (fields.length > 0) form.setFields(fields.map((f) => ({ ...f, name: [f.name[0]!] })) as never);
      void message.error(errorText(t, err));
    } finally {
      setSaving(false);
    }
  };
  const text = (name: keyof FormValues, rows = 3, max = 3000) => (
    <Form.Item name={name} label={t(`form.${name}`)} rules={[rule]} required={name === 'description'}>
      <Input.TextArea autoSize={{ minRows: rows }} maxLength={max} />
    </Form.Item>
  );
  const date = (name: (typeof DATES)[number]) => (
    <Form.Item name={name} label={t(`form.${name}`)} rules={[rule]}>
      <DatePicker showTime format={DATE_TIME_FORMAT} aria-label={t(`form.${name}`)} />
    </Form.Item>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={
        initial ?? {
          type: fixedType ?? 'TASK',
          category: 'DEVELOPER',
          currency: 'ELA',
          eventDateType: 'NOT_APPLICABLE',
          candidateLimit: 1,
          bidding: false,
          isPrivate: false,
          domain: [],
          recruiting: [],
          attachments: [],
          thumbnail: [],
        }
      }
      onFinish={(v) => void submit(v)}
      data-testid="task-form"
      className="cr-task-form"
    >
      <Form.Item name="name" label={t('form.name')} rules={[rule]} required>
        <Input maxLength={120} />
      </Form.Item>
      <Space wrap size={16} align="start">
        {!fixedType && (
          <Form.Item name="type" label={t('form.type')}>
            <Select
              disabled={!create}
              style={{ minWidth: 160 }}
              options={TASK_TYPES.filter((x) => x !== 'PROJECT').map((x) => ({
                value: x,
                label: t(`types.${x}`),
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="category" label={t('form.category')}>
          <Select
            style={{ minWidth: 160 }}
            options={TASK_CATEGORIES.map((x) => ({ value: x, label: t(`categories.${x}`) }))}
          />
        </Form.Item>
        <Form.Item name="candidateLimit" label={t('form.candidateLimit')} rules={[rule]} required>
          <InputNumber min={1} max={1000} />
        </Form.Item>
      </Space>
      {text('description', 4, 5000)}
      {text('goals', 2, 2000)}
      {type === 'PROJECT' && (
        <>
          {text('problem')}
          {text('valueProposition')}
          {text('useCase')}
          {text('beneficiaries')}
          {text('infrastructure')}
        </>
      )}
      <Form.Item name="infoLink" label={t('form.infoLink')} rules={[rule]} required>
        <Input placeholder="https://" maxLength={500} />
      </Form.Item>
      <Form.Item name="location" label={t('form.location')} rules={[rule]} required>
        <Input maxLength={200} />
      </Form.Item>
      {date('applicationDeadline')}
      {type !== 'EVENT' && date('completionDeadline')}
      {type === 'EVENT' && (
        <>
          <Form.Item name="eventDateType" label={t('form.eventDateType')}>
            <Select options={EVENT_DATE_TYPES.map((x) => ({ value: x, label: t(`eventDateTypes.${x}`) }))} />
          </Form.Item>
          {date('eventStart')}
          {date('eventEnd')}
        </>
      )}
      <Form.Item name="currency" label={t('form.currency')}>
        <Select options={TASK_CURRENCIES.map((x) => ({ value: x, label: x }))} style={{ maxWidth: 160 }} />
      </Form.Item>
      <Form.Item name="budget" label={t('form.budget')} extra={t('form.budgetHelp')} rules={[rule]}>
        <Input inputMode="decimal" maxLength={22} />
      </Form.Item>
      {text('budgetBreakdown', 2)}
      <Form.Item name="bidding" label={t('form.bidding')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {bidding ? (
        <Form.Item name="referenceBid" label={t('form.referenceBid')} rules={[rule]}>
          <Input inputMode="decimal" maxLength={22} />
        </Form.Item>
      ) : (
        <Form.Item name="reward" label={t('form.reward')} rules={[rule]}>
          <Input inputMode="decimal" maxLength={22} />
        </Form.Item>
      )}
      <Form.Item name="domain" label={t('form.domain')} rules={[rule]}>
        <Select mode="tags" open={false} placeholder={t('form.domainPlaceholder')} />
      </Form.Item>
      <Form.Item name="recruiting" label={t('form.recruiting')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={Object.entries(SKILLSET_GROUPS).map(([group, items]) => ({
            label: t(`profileCard:skillsetGroups.${group}`),
            title: group,
            options: items.map((s) => ({ value: s, label: t(`profileCard:skillsets.${s}`) })),
          }))}
        />
      </Form.Item>
      <Form.Item name="thumbnail" label={t('form.thumbnail')} rules={[rule]}>
        <UploadField max={1} label={t('form.thumbnail')} />
      </Form.Item>
      <Form.Item name="attachments" label={t('form.attachments')} rules={[rule]}>
        <UploadField max={5} label={t('form.attachments')} />
      </Form.Item>
      <Form.Item name="isPrivate" valuePropName="checked">
        <Checkbox>{t('form.isPrivate')}</Checkbox>
      </Form.Item>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('form.rulesTitle')}
        description={
          <>
            <ul className="cr-task-rules">
              {rules.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
            <div>{t('form.approvalNote')}</div>
          </>
        }
      />
      {create && (
        <Form.Item name="confirmRules" valuePropName="checked" rules={[confirmRule]}>
          <Checkbox data-testid="confirm-rules">{t('form.confirmRules')}</Checkbox>
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {submitText}
        </Button>
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
      </Space>
    </Form>
  );
}
