import { useTranslation } from 'react-i18next';
import type { TreasuryOverview } from '@cr/contract/treasury.contract';
import { compactEla, elaValue, formatEla } from '../../../lib/ela';

const W = 480;
const H = 230;
const PAD = { left: 64, right: 16, top: 16, bottom: 36 };

/**
 * Balance over time as a step line (SVG, no chart library): one step per funding or payout, by block height, up
 * to the block the figures were read at. Each step names its transaction on hover.
 */
export function BalanceChart({ data }: { data: TreasuryOverview }) {
  const { t } = useTranslation('treasury');
  const points = data.balanceSeries.map((p) => ({ x: p.blockNumber, y: elaValue(p.balanceEla), p }));
  if (points.length === 0) return <p className="ts-muted">{t('charts.noHistory')}</p>;
  const first = points[0]!.x;
  const last = Math.max(data.blockNumber, points.at(-1)!.x);
  const maxY = Math.max(...points.map((p) => p.y), elaValue(data.balanceEla), 1);
  const sx = (x: number) => PAD.left + ((x - first) / Math.max(last - first, 1)) * (W - PAD.left - PAD.right);
  const sy = (y: number) => H - PAD.bottom - (y / maxY) * (H - PAD.top - PAD.bottom);
  let d = `M ${sx(points[0]!.x)} ${sy(0)}`;
  // A step: the balance holds until the next transaction, then jumps.
  for (const p of points) d += ` H ${sx(p.x)} V ${sy(p.y)}`;
  d += ` H ${sx(last)}`;
  return (
    <figure className="ts-chart" data-testid="balance-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t('charts.balanceAria', { count: points.length })}
      >
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={sy(maxY * f)} y2={sy(maxY * f)} className="ts-grid" />
            <text x={PAD.left - 8} y={sy(maxY * f) + 5} textAnchor="end" className="ts-axis">
              {compactEla(maxY * f)}
            </text>
          </g>
        ))}
        <path d={d} className="ts-line" />
        {points.map(({ x, y, p }) => (
          <circle key={`${p.txHash}-${x}`} cx={sx(x)} cy={sy(y)} r={5} className="ts-dot">
            <title>{`${t('charts.block', { block: x })}: ${formatEla(p.balanceEla)} ELA · ${p.txHash}`}</title>
          </circle>
        ))}
        <text x={PAD.left} y={H - 10} className="ts-axis">
          {t('charts.block', { block: first })}
        </text>
        <text x={W - PAD.right} y={H - 10} textAnchor="end" className="ts-axis">
          {t('charts.block', { block: last })}
        </text>
      </svg>
      <figcaption className="ts-muted">{t('charts.balanceCaption')}</figcaption>
    </figure>
  );
}
