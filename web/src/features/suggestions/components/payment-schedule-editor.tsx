import { Button, Popconfirm, Select, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { amountToSela, selaToAmount } from '@cr/contract/ela-amount';
import { PAYMENT_TYPES, type PaymentType } from '@cr/contract/suggestion-budget.contract';
import { formatDate } from '../../../lib/dates';
import { setAt } from '../model/form-values';
import { Field, useFieldProps, useSuggestionForm } from './form-context';
import { MarkdownField, TextField } from './form-inputs';

/** The payment type a milestone usually gets: the last pays on completion, the others on their milestone. */
const typeFor = (index: number, count: number): PaymentType =>
  index === count - 1 ? 'COMPLETION' : 'CONDITIONED';

/** "12.5%" of the total, or null when either amount is not a valid amount yet. */
function shareOf(amount: string | null | undefined, total: string | null | undefined): string | null {
  const a = amount ? amountToSela(amount.trim()) : null;
  const b = total ? amountToSela(total.trim()) : null;
  if (a === null || b === null || b === 0n) return null;
  return `${(Number((a * 10000n) / b) / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/**
 * Budget: total, ELA address and the payment schedule (one line per milestone: type, milestone, amount,
 * criteria). Every rule of the shared schema shows on its line as the member types; the sum and each line's
 * share of the total are shown live.
 */
export function PaymentScheduleEditor() {
  const { t } = useTranslation('suggestions');
  const { values, set, update, readOnly } = useSuggestionForm();
  const milestones = values.plan?.milestones ?? [];
  const payments = values.budget?.payments ?? [];
  const total = values.budget?.total ?? '';

  let sum = 0n;
  let sumValid = true;
  for (const p of payments) {
    const s = p.amount ? amountToSela(p.amount.trim()) : null;
    if (s === null) sumValid = false;
    else sum += s;
  }
  const totalSela = total ? amountToSela(total.trim()) : null;
  const canAdd = payments.length < milestones.length;

  const addPayment = () => {
    const used = new Set(payments.map((p) => p.milestone));
    const free = milestones.findIndex((_, i) => !used.has(i));
    const line = {
      type: free >= 0 ? typeFor(free, milestones.length) : null,
      amount: '',
      milestone: free >= 0 ? free : null,
      criteria: '',
      reasons: '',
    };
    update((v) => setAt(v, ['budget', 'payments'], [...payments, line]), [['budget', 'payments']]);
    setTimeout(() => document.getElementById(`sg-budget-payments-${payments.length}-amount`)?.focus(), 50);
  };

  const onePerMilestone = () =>
    update((v) =>
      setAt(
        v,
        ['budget', 'payments'],
        milestones.map((m, i) => ({
          type: typeFor(i, milestones.length),
          amount: '',
          milestone: i,
          criteria: m.introduction ?? '',
          reasons: '',
        })),
      ),
    );

  /** The milestones as choices for line `line`, each naming another line that already uses it. */
  const milestoneOptions = (line: number) =>
    milestones.map((m, i) => {
      const user = payments.findIndex((p, k) => k !== line && p.milestone === i);
      return {
        value: i,
        label: `${t('plan.milestoneN', { n: i + 1 })}${m.date ? ` · ${formatDate(m.date)}` : ''}${
          user >= 0 ? ` (${t('budget.usedBy', { n: user + 1 })})` : ''
        }`,
      };
    });

  return (
    <div className="sg-budget" data-testid="payment-schedule">
      <div className="sg-grid sg-grid--2">
        <TextField
          path={['budget', 'total']}
          label={t('budget.totalLabel')}
          required
          suffix="ELA"
          inputMode="decimal"
          placeholder="0"
          extra={t('budget.totalHint')}
        />
        <TextField
          path={['budget', 'elaAddress']}
          label={t('budget.elaAddress')}
          required
          placeholder="0x…"
          extra={t('budget.elaAddressHint')}
        />
      </div>

      <Field
        path={['budget', 'payments']}
        label={t('budget.schedule')}
        required
        extra={t('budget.scheduleHint')}
      >
        <div className="sg-payments">
          {payments.length === 0 && milestones.length > 0 && !readOnly && (
            <Button icon={<ThunderboltOutlined />} onClick={onePerMilestone}>
              {t('budget.onePerMilestone')}
            </Button>
          )}
          {payments.map((p, i) => (
            <PaymentLine
              key={i}
              index={i}
              share={shareOf(p.amount, total)}
              milestoneOptions={milestoneOptions(i)}
              onRemove={() =>
                update(
                  (v) =>
                    setAt(
                      v,
                      ['budget', 'payments'],
                      payments.filter((_, k) => k !== i),
                    ),
                  [['budget', 'payments']],
                )
              }
            />
          ))}
          {!readOnly && (
            <Tooltip title={canAdd ? undefined : t('rules.milestonesEmpty')}>
              <Button
                icon={<PlusOutlined />}
                onClick={addPayment}
                disabled={!canAdd}
                data-testid="add-payment"
              >
                {t('budget.add')}
              </Button>
            </Tooltip>
          )}
        </div>
      </Field>

      <div className="sg-budget__sum" aria-live="polite" data-testid="budget-sum">
        <span>
          {t('budget.sum')}: <strong>{sumValid ? selaToAmount(sum) : '—'} ELA</strong>
        </span>
        <span>
          {t('budget.total')}: <strong>{totalSela !== null ? selaToAmount(totalSela) : '—'} ELA</strong>
        </span>
        {sumValid && payments.length > 0 && totalSela !== sum && !readOnly && (
          <Button size="small" onClick={() => set(['budget', 'total'], selaToAmount(sum))}>
            {t('budget.useSum')}
          </Button>
        )}
        {sumValid && payments.length > 0 && totalSela === sum && (
          <Tag color="green">{t('budget.balanced')}</Tag>
        )}
      </div>

      <MarkdownField path={['budget', 'statement']} label={t('budget.statement')} rows={4} />
    </div>
  );
}

function PaymentLine({
  index: i,
  share,
  milestoneOptions,
  onRemove,
}: {
  index: number;
  share: string | null;
  milestoneOptions: Array<{ value: number; label: string }>;
  onRemove(): void;
}) {
  const { t } = useTranslation('suggestions');
  const { values, set, readOnly } = useSuggestionForm();
  const p = values.budget?.payments?.[i] ?? {};
  const at = (f: string) => ['budget', 'payments', i, f];
  // Type and milestone rules read each other: changing one re-checks the line.
  const row: (string | number)[] = ['budget', 'payments', i];
  const typeProps = useFieldProps(at('type'));
  const milestoneProps = useFieldProps(at('milestone'));
  return (
    <section
      className="sg-payment"
      aria-label={t('budget.paymentN', { n: i + 1 })}
      data-testid={`payment-${i}`}
    >
      <div className="sg-payment__head">
        <Typography.Text strong>{t('budget.paymentN', { n: i + 1 })}</Typography.Text>
        {share && <Tag>{t('budget.share', { share })}</Tag>}
        {!readOnly && (
          <Popconfirm
            title={t('budget.removeConfirm', { n: i + 1 })}
            okText={t('actions.remove')}
            cancelText={t('actions.keep')}
            okButtonProps={{ danger: true }}
            onConfirm={onRemove}
          >
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('budget.remove', { n: i + 1 })}
            />
          </Popconfirm>
        )}
      </div>
      <div className="sg-grid sg-grid--3">
        <Field path={at('type')} label={t('budget.type')} required>
          <Select
            {...typeProps}
            value={p.type ?? undefined}
            placeholder={t('budget.typePlaceholder')}
            onChange={(v: PaymentType) => set(at('type'), v, row)}
            options={PAYMENT_TYPES.map((type) => ({ value: type, label: t(`paymentTypes.${type}`) }))}
          />
        </Field>
        <Field path={at('milestone')} label={t('budget.milestone')} required>
          <Select
            {...milestoneProps}
            value={p.milestone ?? undefined}
            placeholder={t('budget.milestonePlaceholder')}
            onChange={(v: number) => set(at('milestone'), v, row)}
            options={milestoneOptions}
          />
        </Field>
        <TextField
          path={at('amount')}
          label={t('budget.amount')}
          required
          suffix="ELA"
          inputMode="decimal"
          placeholder="0"
        />
      </div>
      <TextField
        path={at('criteria')}
        label={t('budget.criteria')}
        required
        rows={2}
        placeholder={t('budget.criteriaPlaceholder')}
      />
      <TextField path={at('reasons')} label={t('budget.reasons')} rows={1} />
    </section>
  );
}
