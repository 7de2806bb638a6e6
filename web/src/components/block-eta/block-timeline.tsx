import type { ReactNode } from 'react';
import { Progress, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { BlockEta } from './block-eta';
import { ETA_NS } from './block-eta-i18n';
import { useChainHead } from './use-chain-head';
import { formatCount } from '../../lib/numbers';

export interface TimelineMark {
  key: string;
  /** What happens at this height ("Registered", "Voting ends", "Veto period ends"). */
  label: ReactNode;
  height: number;
  /** Shown under a passed mark instead of "Ended" (e.g. "Registered"). */
  passedText?: ReactNode;
}

export interface BlockTimelineProps {
  /** Heights in rising order; the first is the start. */
  marks: TimelineMark[];
  /** Marks the timeline as stopped early (e.g. rejected at the vote): later marks are greyed. */
  stoppedAfter?: string;
  /**
   * The height the page's data was read at, until the live head is known: the server's first screen has only
   * that, and the marks passed and the progress then do not change their size when the head comes.
   */
  knownHeight?: number | null;
}

/**
 * Windows as steps by block height: each mark with its block and live ETA, the current segment's progress in
 * blocks. Used by the proposal page (registration → vote end → veto end).
 */
export function BlockTimeline({ marks, stoppedAfter, knownHeight = null }: BlockTimelineProps) {
  const { t, i18n } = useTranslation(ETA_NS);
  const { head } = useChainHead();
  const height = head?.height ?? knownHeight;
  const passed = height === null ? -1 : marks.filter((m) => height >= m.height).length - 1;
  const stopIndex = stoppedAfter ? marks.findIndex((m) => m.key === stoppedAfter) : -1;
  const next = marks[passed + 1];
  const prev = marks[passed];
  const percent =
    height !== null && next && prev
      ? Math.min(100, Math.max(0, ((height - prev.height) / (next.height - prev.height)) * 100))
      : passed >= marks.length - 1
        ? 100
        : 0;

  return (
    <div className="cr-timeline" role="group" aria-label={t('timelineLabel')} data-testid="block-timeline">
      <Steps
        size="small"
        current={
          stopIndex >= 0
            ? Math.max(0, Math.min(passed, stopIndex))
            : passed >= marks.length - 1
              ? marks.length
              : Math.max(0, passed)
        }
        status={stopIndex >= 0 && passed >= stopIndex ? 'error' : undefined}
        // Stacked on a phone by block-eta.css, not by antd's screen-width hook: the server's first screen knows no
        // width, and a layout switched after the app starts would move everything below it.
        responsive={false}
        items={marks.map((m, i) => ({
          key: m.key,
          title: m.label,
          disabled: stopIndex >= 0 && i > stopIndex,
          content:
            i === 0 || (height !== null && height >= m.height) ? (
              <span className="cr-timeline__passed">
                {t('block', { height: formatCount(m.height, i18n.language) })}
                {m.passedText ? <> · {m.passedText}</> : null}
              </span>
            ) : stopIndex >= 0 && i > stopIndex ? (
              <span className="cr-timeline__passed">
                {t('block', { height: formatCount(m.height, i18n.language) })}
              </span>
            ) : (
              <BlockEta endHeight={m.height} />
            ),
        }))}
      />
      {next && (stopIndex < 0 || passed < stopIndex) && height !== null && (
        <Progress
          percent={Math.round(percent)}
          size="small"
          showInfo={false}
          aria-label={t('blocksLeft', { count: next.height - height })}
          className="cr-timeline__progress"
        />
      )}
    </div>
  );
}
