import { Button, Popconfirm, Timeline, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { removeMilestone, setAt } from '../model/form-values';
import { Field, useSuggestionForm } from './form-context';
import { DateField, TextField } from './form-inputs';

/** Days between two YYYY-MM-DD dates, or null. */
function daysBetween(a?: string | null, b?: string | null): number | null {
  if (!a || !b) return null;
  const d1 = dayjs(a, 'YYYY-MM-DD', true);
  const d2 = dayjs(b, 'YYYY-MM-DD', true);
  return d1.isValid() && d2.isValid() ? d2.diff(d1, 'day') : null;
}

/**
 * The plan's milestones on a timeline: each with its date, introduction and goal, editable in place, with the
 * distance to the previous one so the "later, and at most 3 months apart" rule is visible while choosing dates.
 */
export function MilestoneEditor() {
  const { t } = useTranslation('suggestions');
  const { values, update, readOnly } = useSuggestionForm();
  const milestones = values.plan?.milestones ?? [];
  const payments = values.budget?.payments ?? [];

  const add = () => {
    const last = milestones[milestones.length - 1];
    const lastDate = last?.date ? dayjs(last.date, 'YYYY-MM-DD', true) : null;
    const date = lastDate?.isValid() ? lastDate.add(1, 'month').format('YYYY-MM-DD') : '';
    update((v) => setAt(v, ['plan', 'milestones'], [...milestones, { date, introduction: '', goal: '' }]));
    // Focus the new milestone's first field once it is on screen.
    setTimeout(() => document.getElementById(`sg-plan-milestones-${milestones.length}-date`)?.focus(), 50);
  };

  return (
    <Field
      path={['plan', 'milestones']}
      label={t('plan.milestones')}
      required
      extra={t('plan.milestonesHint')}
    >
      <div className="sg-milestones" data-testid="milestone-editor">
        {milestones.length > 0 && (
          <Timeline
            items={milestones.map((m, i) => {
              const gap = i > 0 ? daysBetween(milestones[i - 1]!.date, m.date) : null;
              const paidBy = payments.findIndex((p) => p.milestone === i);
              return {
                key: i,
                color: m.date && m.introduction ? 'green' : 'gray',
                content: (
                  <section className="sg-milestone" aria-label={t('plan.milestoneN', { n: i + 1 })}>
                    <div className="sg-milestone__head">
                      <Typography.Text strong>{t('plan.milestoneN', { n: i + 1 })}</Typography.Text>
                      {gap !== null && (
                        <span
                          className={`sg-milestone__gap${gap <= 0 || gap > 92 ? ' sg-milestone__gap--bad' : ''}`}
                        >
                          {t('plan.daysAfter', { count: gap, n: i })}
                        </span>
                      )}
                      {paidBy >= 0 && <span className="sg-muted">{t('plan.paidBy', { n: paidBy + 1 })}</span>}
                      {!readOnly && (
                        <Popconfirm
                          title={t('plan.removeConfirm', { n: i + 1 })}
                          description={paidBy >= 0 ? t('plan.removePaid') : undefined}
                          okText={t('actions.remove')}
                          cancelText={t('actions.keep')}
                          okButtonProps={{ danger: true }}
                          onConfirm={() => update((v) => removeMilestone(v, i))}
                        >
                          <Button
                            type="text"
                            size="small"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('plan.remove', { n: i + 1 })}
                          />
                        </Popconfirm>
                      )}
                    </div>
                    <div className="sg-grid sg-grid--milestone">
                      <DateField path={['plan', 'milestones', i, 'date']} label={t('plan.date')} required />
                      <TextField
                        path={['plan', 'milestones', i, 'introduction']}
                        label={t('plan.introduction')}
                        required
                        rows={2}
                        placeholder={t('plan.introductionPlaceholder')}
                      />
                    </div>
                    <TextField
                      path={['plan', 'milestones', i, 'goal']}
                      label={t('plan.goal')}
                      rows={2}
                      placeholder={t('plan.goalPlaceholder')}
                    />
                  </section>
                ),
              };
            })}
          />
        )}
        {!readOnly && (
          <Button icon={<PlusOutlined />} onClick={add} data-testid="add-milestone">
            {t('plan.add')}
          </Button>
        )}
      </div>
    </Field>
  );
}
