import { useMemo, useState } from 'react';
import { Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { contentSections, pairSections } from '../model/content-sections';
import { diffLines, diffStats, type DiffLine } from '../model/text-diff';

function Line({ line }: { line: DiffLine }) {
  const { t } = useTranslation('suggestions');
  const sign = line.op === 'add' ? '+' : line.op === 'del' ? '−' : ' ';
  return (
    <div className={`sg-diff__line sg-diff__line--${line.op}`}>
      <span className="sg-diff__sign" aria-hidden>
        {sign}
      </span>
      <span className="cr-visually-hidden">
        {line.op === 'add' ? t('history.lineAdded') : line.op === 'del' ? t('history.lineRemoved') : ''}
      </span>
      <span className="sg-diff__text">
        {line.words
          ? line.words.map((w, i) =>
              w.op === 'same' ? (
                <span key={i}>{w.text}</span>
              ) : w.op === 'add' ? (
                <ins key={i}>{w.text}</ins>
              ) : (
                <del key={i}>{w.text}</del>
              ),
            )
          : line.text || ' '}
      </span>
    </div>
  );
}

/**
 * A readable comparison of two versions: section by section (title, abstract, each milestone, each payment…),
 * changed lines marked, and inside a changed line the words that changed.
 */
export function VersionDiff({
  older,
  newer,
}: {
  older: Record<string, unknown>;
  newer: Record<string, unknown>;
}) {
  const { t } = useTranslation('suggestions');
  const [showSame, setShowSame] = useState(false);
  const pairs = useMemo(
    () =>
      pairSections(contentSections(older, t), contentSections(newer, t)).map((p) => ({
        ...p,
        lines: diffLines(p.before, p.after),
      })),
    [older, newer, t],
  );
  const changed = pairs.filter((p) => p.before !== p.after);
  const shown = showSame ? pairs : changed;
  return (
    <div className="sg-diff" data-testid="version-diff">
      <div className="sg-diff__bar">
        <Typography.Text>{t('history.changedSections', { count: changed.length })}</Typography.Text>
        <label className="sg-switch">
          <Switch size="small" checked={showSame} onChange={setShowSame} /> {t('history.showUnchanged')}
        </label>
      </div>
      {shown.length === 0 && (
        <Typography.Paragraph type="secondary">{t('history.noChanges')}</Typography.Paragraph>
      )}
      {shown.map((p) => {
        const stats = diffStats(p.lines);
        const same = p.before === p.after;
        return (
          <section key={p.key} className="sg-diff__section" aria-label={p.label}>
            <div className="sg-diff__head">
              <strong>{p.label}</strong>
              {same ? (
                <Tag>{t('history.unchanged')}</Tag>
              ) : !p.before ? (
                <Tag color="green">{t('history.added')}</Tag>
              ) : !p.after ? (
                <Tag color="red">{t('history.removed')}</Tag>
              ) : (
                <span className="sg-muted">
                  <span className="sg-ok">+{stats.added}</span>{' '}
                  <span className="sg-bad">−{stats.removed}</span>
                </span>
              )}
            </div>
            <div className="sg-diff__body">
              {p.lines.map((line, i) => (
                <Line key={i} line={line} />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
