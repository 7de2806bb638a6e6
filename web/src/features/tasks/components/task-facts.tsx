import { Descriptions, Image, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TaskDetail } from '@cr/contract/task.contract';
import { formatDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { money } from './task-card';
import '../../../components/profile-card/profile-card-i18n';

function Section({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <div className="cr-task-section">
      <Typography.Title level={5}>{title}</Typography.Title>
      <Typography.Paragraph className="cr-task-text">{text}</Typography.Paragraph>
    </div>
  );
}

/** What the task is: texts, dates, payment (budget and reward apart), skills, files. */
export function TaskFacts({ task }: { task: TaskDetail }) {
  const { t } = useTranslation('tasks');
  const items = [
    task.location && { key: 'location', label: t('detail.location'), children: task.location },
    task.applicationDeadline && {
      key: 'apply',
      label: t('applicationDeadline'),
      children: formatDateTime(task.applicationDeadline),
    },
    task.completionDeadline && {
      key: 'complete',
      label: t('completionDeadline'),
      children: formatDateTime(task.completionDeadline),
    },
    task.type === 'EVENT' && {
      key: 'event',
      label: t('detail.eventDates'),
      children: (
        <Space wrap>
          <Tag>{t(`eventDateTypes.${task.eventDateType}`)}</Tag>
          {task.eventStart && formatDateTime(task.eventStart)}
          {task.eventEnd && `– ${formatDateTime(task.eventEnd)}`}
        </Space>
      ),
    },
    task.budget && { key: 'budget', label: t('budget'), children: money(task.budget, task.currency) },
    task.reward && { key: 'reward', label: t('reward'), children: money(task.reward, task.currency) },
    task.referenceBid && {
      key: 'ref',
      label: t('referenceBid'),
      children: money(task.referenceBid, task.currency),
    },
    task.circle && {
      key: 'circle',
      label: t('detail.circle'),
      children: <Link to={paths.crcle(task.circle._id)}>{task.circle.name}</Link>,
    },
    task.infoLink && {
      key: 'link',
      label: t('detail.infoLink'),
      children: (
        <a href={task.infoLink} target="_blank" rel="noopener noreferrer nofollow">
          {task.infoLink}
        </a>
      ),
    },
    task.domain.length > 0 && {
      key: 'domain',
      label: t('detail.domain'),
      children: task.domain.map((d) => <Tag key={d}>{d}</Tag>),
    },
    task.recruiting.length > 0 && {
      key: 'skills',
      label: t('detail.recruiting'),
      children: task.recruiting.map((s) => (
        <Tag key={s}>{t(`profileCard:skillsets.${s}`, { defaultValue: s })}</Tag>
      )),
    },
    task.signedOffBy && {
      key: 'signoff',
      label: t('actions.signoff'),
      children: t('detail.signedOff', { name: task.signedOffBy.name }),
    },
    task.paymentNote && { key: 'paid', label: t('detail.paymentNote'), children: task.paymentNote },
  ].filter(Boolean) as { key: string; label: string; children: React.ReactNode }[];
  return (
    <>
      {task.thumbnail && (
        <img src={task.thumbnail} alt="" width={96} height={96} style={{ objectFit: 'cover' }} />
      )}
      <Section title={t('detail.description')} text={task.description} />
      <Section title={t('detail.goals')} text={task.goals} />
      <Section title={t('detail.problem')} text={task.problem} />
      <Section title={t('detail.valueProposition')} text={task.valueProposition} />
      <Section title={t('detail.useCase')} text={task.useCase} />
      <Section title={t('detail.beneficiaries')} text={task.beneficiaries} />
      <Section title={t('detail.infrastructure')} text={task.infrastructure} />
      <Section title={t('detail.breakdown')} text={task.budgetBreakdown} />
      {items.length > 0 && (
        <Descriptions column={1} size="small" bordered items={items} className="cr-task-section" />
      )}
      {task.currency === 'USD' && (task.budget || task.reward || task.bidding) && (
        <Typography.Paragraph type="secondary" className="cr-task-section">
          {t('detail.usdNote')}
        </Typography.Paragraph>
      )}
      {task.attachments.length > 0 && (
        <div className="cr-task-section">
          <Typography.Title level={5}>{t('detail.attachments')}</Typography.Title>
          <Image.PreviewGroup>
            <Space wrap>
              {task.attachments.map((url) => (
                <Image key={url} src={url} width={100} height={80} style={{ objectFit: 'cover' }} alt="" />
              ))}
            </Space>
          </Image.PreviewGroup>
        </div>
      )}
    </>
  );
}
