import { useTranslation } from 'react-i18next';
import { amountToSela, selaToAmount } from '@cr/contract/ela-amount';
import type { PaymentType } from '@cr/contract/suggestion-budget.contract';
import { formatDate } from '../../../lib/dates';

export const PAYMENT_COLORS: Record<PaymentType, string> = {
  ADVANCE: '#1de9b6',
  CONDITIONED: '#007b74',
  COMPLETION: '#162f45',
};

interface ChartPayment {
  type?: PaymentType | null;
  amount?: string | null;
  milestone?: number | null;
}

const W = 640;
const H = 260;
const PAD = { top: 28, right: 16, bottom: 48, left: 16 };

/**
 * Payments per milestone as bars (plain SVG), with the running share of the total as a line, so a reader sees
 * at a glance how the money follows the plan. The payment table next to it carries the same numbers in text.
 */
export function BudgetChart({
  milestones,
  payments,
}: {
  milestones: Array<{ date?: string | null }>;
  payments: ChartPayment[];
}) {
  const { t } = useTranslation('suggestions');
  const perMilestone = milestones.map((m, i) => {
    const p = payments.find((x) => x.milestone === i);
    const sela = p?.amount ? (amountToSela(p.amount) ?? 0n) : 0n;
    return { index: i, date: m.date, type: p?.type ?? null, sela };
  });
  const total = perMilestone.reduce((s, x) => s + x.sela, 0n);
  if (perMilestone.length === 0 || total === 0n) return null;
  const max = perMilestone.reduce((m, x) => (x.sela > m ? x.sela : m), 0n);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / perMilestone.length;
  const barW = Math.min(64, slot * 0.6);
  const ratio = (a: bigint, b: bigint) => (b === 0n ? 0 : Number((a * 10000n) / b) / 10000);
  let running = 0n;
  const points = perMilestone.map((x) => {
    running += x.sela;
    return { x: PAD.left + slot * x.index + slot / 2, y: PAD.top + plotH * (1 - ratio(running, total)) };
  });
  const summary = perMilestone
    .map((x) => `${t('plan.milestoneN', { n: x.index + 1 })}: ${selaToAmount(x.sela)} ELA`)
    .join('; ');

  return (
    <figure className="sg-chart" data-testid="budget-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby="sg-chart-title sg-chart-desc"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id="sg-chart-title">{t('budget.chartTitle')}</title>
        <desc id="sg-chart-desc">{summary}</desc>
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} stroke="#c9d6da" />
        {/* The running-share line reads against this: the top of the plot is 100% of the total. */}
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={PAD.top}
          y2={PAD.top}
          stroke="#e6edef"
          strokeDasharray="2 4"
        />
        <text x={PAD.left} y={PAD.top - 8} className="sg-chart__sub">
          100%
        </text>
        {perMilestone.map((x) => {
          const h = plotH * ratio(x.sela, max);
          const cx = PAD.left + slot * x.index + slot / 2;
          return (
            <g key={x.index}>
              <rect
                x={cx - barW / 2}
                y={PAD.top + plotH - h}
                width={barW}
                height={Math.max(h, x.sela > 0n ? 2 : 0)}
                rx={4}
                fill={x.type ? PAYMENT_COLORS[x.type] : '#c9d6da'}
              />
              <text x={cx} y={PAD.top + plotH - h - 6} textAnchor="middle" className="sg-chart__value">
                {selaToAmount(x.sela)}
              </text>
              <text x={cx} y={H - PAD.bottom + 18} textAnchor="middle" className="sg-chart__label">
                #{x.index + 1}
              </text>
              {x.date && (
                <text x={cx} y={H - PAD.bottom + 34} textAnchor="middle" className="sg-chart__sub">
                  {formatDate(x.date)}
                </text>
              )}
            </g>
          );
        })}
        <polyline
          points={points.map((p) => `${p.x},${p.y}`).join(' ')}
          fill="none"
          stroke="#be7b13"
          strokeWidth={2}
          strokeDasharray="5 4"
        />
        {points.map((p, i) => (
          <circle key={i} cx={p.x} cy={p.y} r={3.5} fill="#be7b13" />
        ))}
      </svg>
      <figcaption className="sg-chart__legend">
        {(['ADVANCE', 'CONDITIONED', 'COMPLETION'] as const).map((type) => (
          <span key={type}>
            <i style={{ background: PAYMENT_COLORS[type] }} aria-hidden />
            {t(`paymentTypes.${type}`)}
          </span>
        ))}
        <span>
          <i className="sg-chart__line" aria-hidden />
          {t('budget.chartRunning')}
        </span>
      </figcaption>
    </figure>
  );
}
