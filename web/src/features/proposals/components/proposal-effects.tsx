import { Alert, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { Trans, useTranslation } from 'react-i18next';
import type { ProposalDetail, ProposalEffect } from '@cr/contract/proposal.contract';
import { paths } from '../../../lib/paths';

const EFFECT_COLOR: Record<ProposalEffect['status'], string> = {
  pending: 'processing',
  applied: 'success',
  skipped: 'warning',
  void: 'default',
};

function EffectTag({ status }: { status: ProposalEffect['status'] }) {
  const { t } = useTranslation('proposals');
  return (
    <Tag color={EFFECT_COLOR[status]} data-testid="effect-status" data-status={status}>
      {t(`effect.statusShort.${status}`)}
    </Tag>
  );
}

const linkTo = (ref: { _id: string; number: number | null }) => (
  <Link to={paths.proposal(ref.number ?? ref._id)} />
);

/** What a change or termination proposal does ("Terminates #N") and whether it took effect. */
export function ProposalEffectCard({ effect }: { effect: ProposalEffect }) {
  const { t } = useTranslation('proposals');
  const name = effect.newName ?? effect.newDid ?? '';
  const number = effect.target?.number ?? '?';
  const target = effect.target ? linkTo(effect.target) : <span />;
  const key =
    effect.kind === 'CHANGE_OWNER'
      ? 'effect.changeOwner'
      : effect.kind === 'TERMINATE'
        ? 'effect.terminate'
        : 'effect.changeSecretary';
  return (
    <div
      className="pr-effect"
      data-testid="proposal-effect"
      data-kind={effect.kind}
      data-status={effect.status}
    >
      <p className="pr-effect__what">
        <Trans t={t} i18nKey={key} values={{ number, name }} components={[target]} />
      </p>
      {effect.newDid && effect.newName && <p className="pr-muted pr-break">{effect.newDid}</p>}
      <p className="pr-effect__status">
        <EffectTag status={effect.status} />{' '}
        <span className="pr-muted">{t(`effect.status.${effect.status}`)}</span>
      </p>
    </div>
  );
}

/** On the target: the changes of owner and terminations aimed at it, linked ("Terminated by #M"). */
export function ChangedByList({ p }: { p: ProposalDetail }) {
  const { t } = useTranslation('proposals');
  const terminator = p.changedBy.find((c) => c.kind === 'TERMINATE' && c.status === 'applied');
  return (
    <div className="pr-effect" data-testid="proposal-changed-by">
      {p.status === 'TERMINATED' && terminator && (
        <Alert
          type="warning"
          showIcon
          className="pr-effect__note"
          data-testid="terminated-note"
          title={t('effect.terminatedNote', { number: terminator.number ?? '?' })}
        />
      )}
      <ul className="pr-effect__list">
        {p.changedBy.map((c) => {
          const applied = c.status === 'applied';
          const key =
            c.kind === 'TERMINATE'
              ? applied
                ? 'effect.terminatedBy'
                : 'effect.terminationBy'
              : applied
                ? 'effect.ownerChangedBy'
                : 'effect.ownerChangeBy';
          return (
            <li key={c._id} data-testid="changed-by" data-kind={c.kind} data-status={c.status}>
              <Trans t={t} i18nKey={key} values={{ number: c.number ?? '?' }} components={[linkTo(c)]} />{' '}
              <EffectTag status={c.status} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
