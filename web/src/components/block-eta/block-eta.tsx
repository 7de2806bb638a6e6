import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ETA_NS, useDurationText } from './block-eta-i18n';
import { blocksLeft, etaAt } from './eta';
import { useChainHead, useNow } from './use-chain-head';
import './block-eta.css';
import { formatCount } from '../../lib/numbers';

/** Absolute ETA format: the spec's date (MM/DD/YYYY) with a 24-hour time, so 03:00 is never ambiguous. */
export const ETA_DATE_FORMAT = 'MM/DD/YYYY HH:mm';

export interface BlockEtaProps {
  /** The block at which the window ends (the first block outside it). */
  endHeight: number;
  /** What ends, e.g. "Voting ends". */
  label?: ReactNode;
  /** One line for lists (height and "in ≈ 3 h"); default shows the date and blocks left too. */
  compact?: boolean;
  /** Shown instead of "Ended" once the height is reached. */
  endedText?: ReactNode;
}

/**
 * When block `endHeight` comes: the block number, "in ≈ 3 h 20 min" from the observed block interval and the
 * expected date, updating live with every new block and every second. Once reached it reads "Ended".
 */
export function BlockEta({ endHeight, label, compact, endedText }: BlockEtaProps) {
  const { t, i18n } = useTranslation(ETA_NS);
  const { head } = useChainHead();
  const now = useNow(1000);
  const duration = useDurationText();
  const blockText = t('block', { height: formatCount(endHeight, i18n.language) });

  // Until the head is known (and in the server's first screen) the lines of the ETA are held empty, so they
  // come without moving what is below.
  if (!head)
    return (
      <span
        className={`cr-eta${compact ? ' cr-eta--compact' : ''}`}
        data-testid="block-eta"
        data-end-height={endHeight}
      >
        {label && <span className="cr-eta__label">{label}</span>}
        <span className="cr-eta__block">{blockText}</span>
        <span className="cr-eta__relative" aria-hidden="true">
          {'\u00a0'}
        </span>
        {!compact && (
          <span className="cr-eta__detail" aria-hidden="true">
            {'\u00a0'}
          </span>
        )}
      </span>
    );

  const left = blocksLeft(endHeight, head.height);
  const ended = left === 0;
  const at = etaAt(endHeight, head);
  const msLeft = at === null ? null : at - now;
  const relative = ended
    ? (endedText ?? t('ended'))
    : msLeft === null
      ? t('noEta')
      : msLeft <= 0
        ? t('due')
        : t('in', { time: duration(msLeft) });
  const dateText = at !== null && !ended ? t('at', { date: dayjs(at).format(ETA_DATE_FORMAT) }) : null;

  return (
    <span
      className={`cr-eta${compact ? ' cr-eta--compact' : ''}${ended ? ' cr-eta--ended' : ''}`}
      data-testid="block-eta"
      data-end-height={endHeight}
      data-ended={ended}
    >
      {label && <span className="cr-eta__label">{label}</span>}
      <Tooltip title={compact && dateText ? `${dateText} · ${t('blocksLeft', { count: left })}` : undefined}>
        <span className="cr-eta__block" tabIndex={compact ? 0 : undefined}>
          {blockText}
        </span>
      </Tooltip>
      <span className="cr-eta__relative">{relative}</span>
      {!compact && !ended && (
        <span className="cr-eta__detail">
          {dateText && <span>{dateText}</span>}
          <span>{t('blocksLeft', { count: left })}</span>
        </span>
      )}
    </span>
  );
}

/** "Current block 1,234" with a live dot and the observed interval on hover. */
export function ChainHeight({ className }: { className?: string }) {
  const { t, i18n } = useTranslation(ETA_NS);
  const { head, live } = useChainHead();
  return (
    <Tooltip
      title={
        head?.avgBlockMs
          ? `${t('interval', { seconds: (head.avgBlockMs / 1000).toFixed(1) })} · ${live ? t('live') : t('notLive')}`
          : live
            ? t('live')
            : t('notLive')
      }
    >
      <span
        className={`cr-height ${className ?? ''}`}
        data-testid="chain-height"
        data-height={head?.height ?? ''}
        tabIndex={0}
        aria-live="off"
      >
        <span className={`cr-height__dot${live ? ' cr-height__dot--live' : ''}`} aria-hidden="true" />
        <span className="cr-height__label">{t('currentHeight')}</span>
        <strong className="cr-height__value">{head ? formatCount(head.height, i18n.language) : '—'}</strong>
      </span>
    </Tooltip>
  );
}
